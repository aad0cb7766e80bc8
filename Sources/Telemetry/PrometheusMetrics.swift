public import CoreMetrics
import Prometheus

/// One process's metrics, kept for Prometheus: the factory the modules make their metrics with, and the
/// text a scrape reads (`GET /metrics`, Prometheus' text format 0.0.4). Nothing global: the program makes
/// one and hands its `factory` to whatever it starts (swift-metrics' `MetricsSystem.bootstrap` is never called).
public struct PrometheusMetrics: Sendable {
    private let registry: PrometheusCollectorRegistry
    /// What metrics are made with.
    public let factory: any MetricsFactory

    /// The media type of `text()`.
    public static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    /// Durations are kept in buckets from a millisecond to a minute; value histograms (bytes) from 64 B to 16 MiB.
    public init() {
        registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.defaultDurationHistogramBuckets = [
            .milliseconds(1), .milliseconds(2.5), .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50),
            .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(5),
            .seconds(10), .seconds(30), .seconds(60),
        ]
        factory.defaultValueHistogramBuckets = (0...9).map { 64 * Double(1 << (2 * $0)) }
        self.factory = factory
    }

    /// Every metric now, in Prometheus' text format.
    public func text() -> String {
        registry.emitToString()
    }
}

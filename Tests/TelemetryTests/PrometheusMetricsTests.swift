import CoreMetrics
import Testing
import Telemetry

@Suite("Metrics kept for Prometheus")
struct PrometheusMetricsTests {
    @Test("a counter and a gauge made with the factory are in the scrape's text, by name and dimensions; nothing global")
    func counters() {
        let metrics = PrometheusMetrics()
        let hits = Counter(label: "openmarket_cache_lookups_total", dimensions: [("result", "hit")], factory: metrics.factory)
        hits.increment(by: 3)
        Gauge(label: "openmarket_ssh_sessions", factory: metrics.factory).record(7)
        let text = metrics.text()
        #expect(text.contains("# TYPE openmarket_cache_lookups_total counter"), "\(text)")
        #expect(text.contains("openmarket_cache_lookups_total{result=\"hit\"} 3"), "\(text)")
        #expect(text.contains("openmarket_ssh_sessions 7"), "\(text)")
        #expect(!PrometheusMetrics().text().contains("openmarket_cache_lookups_total"), "another process's metrics are its own")
        #expect(PrometheusMetrics.contentType == "text/plain; version=0.0.4; charset=utf-8")
    }

    @Test("durations fall in buckets from a millisecond to a minute, in seconds; byte sizes from 64 B to 16 MiB")
    func buckets() {
        let metrics = PrometheusMetrics()
        CoreMetrics.Timer(label: "openmarket_first_page_seconds", factory: metrics.factory).recordMilliseconds(3)
        Recorder(label: "openmarket_answer_bytes", aggregate: true, factory: metrics.factory).record(100)
        let text = metrics.text()
        #expect(text.contains("openmarket_first_page_seconds_bucket{le=\"0.0025\"} 0"), "\(text)")
        #expect(text.contains("openmarket_first_page_seconds_bucket{le=\"0.005\"} 1"), "\(text)")
        #expect(text.contains("openmarket_first_page_seconds_bucket{le=\"60.0\"} 1") || text.contains("openmarket_first_page_seconds_bucket{le=\"60\"} 1"), "\(text)")
        #expect(text.contains("openmarket_answer_bytes_bucket{le=\"64.0\"} 0") || text.contains("openmarket_answer_bytes_bucket{le=\"64\"} 0"), "\(text)")
        #expect(text.contains("openmarket_answer_bytes_bucket{le=\"256.0\"} 1") || text.contains("openmarket_answer_bytes_bucket{le=\"256\"} 1"), "\(text)")
        #expect(text.contains("16777216"), "the largest byte bucket is 16 MiB: \(text)")
    }
}

public import CoreMetrics
import HTTPTypes

/// What `openmarket serve` tells an operator, made with the factory it is given (Prometheus' in the program,
/// none by default): requests by route, method and status, their latency by route and method, and the answer
/// cache's hits and misses. Routes are the API's patterns (`/api/products/{id}`), so the number of series is
/// bounded whatever paths clients send.
public struct HTTPMetrics: Sendable {
    private let factory: any MetricsFactory
    private let hits: Counter
    private let misses: Counter

    public init(factory: any MetricsFactory = NOOPMetricsHandler.instance) {
        self.factory = factory
        hits = Counter(label: "openmarket_cache_lookups_total", dimensions: [("result", "hit")], factory: factory)
        misses = Counter(label: "openmarket_cache_lookups_total", dimensions: [("result", "miss")], factory: factory)
    }

    /// One answered request. The registry hands back the same series for the same labels.
    func request(method: HTTPRequest.Method, path: String, status: Int, duration: Duration) {
        let route = Self.route(of: path)
        Counter(
            label: "openmarket_http_requests_total",
            dimensions: [("route", route), ("method", method.rawValue), ("status", String(status))], factory: factory
        ).increment()
        CoreMetrics.Timer(
            label: "openmarket_http_request_duration_seconds", dimensions: [("route", route), ("method", method.rawValue)],
            factory: factory
        ).recordNanoseconds(duration.nanoseconds)
    }

    /// One look in the answer cache.
    func cacheLookup(hit: Bool) {
        (hit ? hits : misses).increment()
    }

    /// The route a path belongs to: the API's patterns, `other` for anything else.
    static func route(of path: String) -> String {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        switch (parts.count, parts.first, parts.dropFirst().first) {
        case (2, "api", "products"): return "/api/products"
        case (3, "api", "products"): return "/api/products/{id}"
        case (4, "api", "products") where parts[3] == "archived": return "/api/products/{id}/archived"
        case (_, "images", _) where parts.count >= 2: return "/images/{file}"
        case (1, "healthChecker", _): return "/healthChecker"
        case (2, "healthChecker", "ready"): return "/healthChecker/ready"
        case (1, "metrics", _): return "/metrics"
        default: return "other"
        }
    }
}

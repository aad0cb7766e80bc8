public import CoreMetrics
import HTTPTypes
import NIOConcurrencyHelpers

/// What `openmarket serve` tells an operator, made with the factory it is given (Prometheus' in the program,
/// none by default): requests by route, method and status, their latency by route and method, and the answer
/// cache's hits and misses. Routes are the API's patterns (`/api/products/{id}`) and methods the API's own
/// (`other` for the rest llhttp lets through, such as PROPFIND), so the number of series is bounded whatever
/// clients send.
///
/// A request's series are made once and kept: the factory's registry looks a series up by its name and labels
/// and checks the name again on every call, which was a tenth of a cached answer's CPU (perf, issue 36).
public struct HTTPMetrics: Sendable {
    private let factory: any MetricsFactory
    private let hits: Counter
    private let misses: Counter
    private let series = NIOLockedValueBox([Series.Key: Series]())

    public init(factory: any MetricsFactory = NOOPMetricsHandler.instance) {
        self.factory = factory
        hits = Counter(label: "openmarket_cache_lookups_total", dimensions: [("result", "hit")], factory: factory)
        misses = Counter(label: "openmarket_cache_lookups_total", dimensions: [("result", "miss")], factory: factory)
    }

    /// One answered request.
    func request(method: HTTPRequest.Method, path: String, status: Int, duration: Duration) {
        let key = Series.Key(route: Self.route(of: path), method: Self.methodLabel(method), status: status)
        let made = series.withLockedValue { $0[key] }
        let one = made ?? make(key)
        one.requests.increment()
        one.duration.recordNanoseconds(duration.nanoseconds)
    }

    /// One look in the answer cache.
    func cacheLookup(hit: Bool) {
        (hit ? hits : misses).increment()
    }

    private func make(_ key: Series.Key) -> Series {
        let made = Series(
            requests: Counter(
                label: "openmarket_http_requests_total",
                dimensions: [("route", key.route), ("method", key.method), ("status", String(key.status))],
                factory: factory),
            duration: CoreMetrics.Timer(
                label: "openmarket_http_request_duration_seconds",
                dimensions: [("route", key.route), ("method", key.method)], factory: factory))
        return series.withLockedValue { kept in
            if let first = kept[key] { return first }
            kept[key] = made
            return made
        }
    }

    /// The method as the metrics label it: the API's methods by name, anything else `other`.
    static func methodLabel(_ method: HTTPRequest.Method) -> String {
        switch method {
        case .get: "GET"
        case .head: "HEAD"
        case .post: "POST"
        case .put: "PUT"
        case .patch: "PATCH"
        case .delete: "DELETE"
        case .options: "OPTIONS"
        default: "other"
        }
    }

    /// The route a path belongs to: the API's patterns, `other` for anything else. Read segment by segment
    /// over the path's bytes, as the router splits it (empty segments skipped), without making any.
    static func route(of path: String) -> String {
        var segments = PathSegments(path.utf8)
        let first = segments.next()
        let second = segments.next()
        let third = segments.next()
        let fourth = segments.next()
        let more = segments.next() != nil
        guard let first else { return "other" }
        if first.elementsEqual("api".utf8), let second, second.elementsEqual("products".utf8) {
            switch (third, fourth, more) {
            case (nil, _, _): return "/api/products"
            case (.some, nil, _): return "/api/products/{id}"
            case (.some, .some(let last), false) where last.elementsEqual("archived".utf8):
                return "/api/products/{id}/archived"
            default: return "other"
            }
        }
        if first.elementsEqual("images".utf8), second != nil { return "/images/{file}" }
        if first.elementsEqual("healthChecker".utf8) {
            if second == nil { return "/healthChecker" }
            if let second, second.elementsEqual("ready".utf8), third == nil { return "/healthChecker/ready" }
            return "other"
        }
        if first.elementsEqual("metrics".utf8), second == nil { return "/metrics" }
        return "other"
    }

    /// A request's series: its count (by status) and its latency.
    private struct Series: Sendable {
        struct Key: Hashable, Sendable {
            let route: String
            let method: String
            let status: Int
        }

        let requests: Counter
        let duration: CoreMetrics.Timer
    }
}

/// The non-empty `/`-separated segments of a path's bytes, one at a time.
private struct PathSegments: IteratorProtocol {
    private let bytes: String.UTF8View
    private var index: String.UTF8View.Index

    init(_ bytes: String.UTF8View) {
        self.bytes = bytes
        index = bytes.startIndex
    }

    mutating func next() -> Substring.UTF8View? {
        while index < bytes.endIndex, bytes[index] == UInt8(ascii: "/") { bytes.formIndex(after: &index) }
        guard index < bytes.endIndex else { return nil }
        let start = index
        while index < bytes.endIndex, bytes[index] != UInt8(ascii: "/") { bytes.formIndex(after: &index) }
        return bytes[start..<index]
    }
}

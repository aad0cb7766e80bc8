import HTTPTypes
import Logging

/// The access-log line, one per request: method, path, status and milliseconds to a tenth; and the request's
/// metrics.
enum AccessLog {
    static func record(
        method: HTTPRequest.Method, path: String, status: Int, since start: ContinuousClock.Instant, logger: Logger,
        metrics: HTTPMetrics
    ) {
        let duration = ContinuousClock.now - start
        metrics.request(method: method, path: path, status: status, duration: duration)
        guard logger.logLevel <= .info else { return }
        let elapsed = duration.components
        let tenths = elapsed.seconds * 10_000 + elapsed.attoseconds / 100_000_000_000_000
        logger.info("\(method) \(loggable(path)) \(status) \(tenths / 10).\(tenths % 10)ms")
    }

    /// The path as the log keeps it: a wish list's owner is the list's only guard, so its routes are logged
    /// by their pattern (`/api/wishlists/{owner}`), never with the owner; every other path as it came (the
    /// log's sink shows any control character in it).
    static func loggable(_ path: String) -> String {
        let prefix = "/api/wishlists/"
        guard path.hasPrefix(prefix) else { return path }
        let query = path.firstIndex(of: "?").map { path[$0...] } ?? ""
        return prefix + "{owner}" + query
    }
}

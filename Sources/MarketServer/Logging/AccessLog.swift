import HTTPTypes
import Logging

/// The access-log line, one per request: method, path, status and milliseconds to a tenth.
enum AccessLog {
    static func record(
        method: HTTPRequest.Method, path: String, status: Int, since start: ContinuousClock.Instant, logger: Logger
    ) {
        guard logger.logLevel <= .info else { return }
        let elapsed = (ContinuousClock.now - start).components
        let tenths = elapsed.seconds * 10_000 + elapsed.attoseconds / 100_000_000_000_000
        logger.info("\(method) \(path) \(status) \(tenths / 10).\(tenths % 10)ms")
    }
}

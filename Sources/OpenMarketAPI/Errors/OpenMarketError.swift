/// Everything that can go wrong talking to an Open Market server, as one error type.
///
/// A public struct over a private code, so kinds can be added without breaking callers. Ask it what
/// happened with `isTimeout`, `isCancelled`, `isTransport`, `status`, `keyPath`…, and show
/// `userMessage` to a person.
public struct OpenMarketError: Error, Sendable, Equatable, CustomStringConvertible {
    private enum Code: Sendable, Equatable {
        case transport(endpoint: String, reason: String)
        case timeout(Duration)
        case cancelled
        case status(Int, message: String?)
        case decoding(keyPath: String?, reason: String)
        case responseTooLarge(limit: Int)
        case invalidRequest(String)
    }

    private let code: Code

    private init(_ code: Code) {
        self.code = code
    }

    // MARK: Making errors

    /// The server could not be reached or the connection broke, e.g. `endpoint` `127.0.0.1:8080`,
    /// `reason` `connection refused`.
    public static func transport(endpoint: String, reason: String) -> OpenMarketError {
        OpenMarketError(.transport(endpoint: endpoint, reason: reason))
    }

    /// No complete answer arrived within `limit`.
    public static func timeout(after limit: Duration) -> OpenMarketError {
        OpenMarketError(.timeout(limit))
    }

    /// The calling task was cancelled, and the request with it.
    public static let cancelled = OpenMarketError(.cancelled)

    /// The server answered with a status outside 2xx; `message` is its `{"code","message"}` body's message.
    public static func httpStatus(_ status: Int, message: String? = nil) -> OpenMarketError {
        OpenMarketError(.status(status, message: message))
    }

    /// The answer could not be read: `keyPath` is where (`pages[3].price`), `reason` what was wrong.
    public static func decoding(keyPath: String?, reason: String) -> OpenMarketError {
        OpenMarketError(.decoding(keyPath: keyPath?.isEmpty == true ? nil : keyPath, reason: reason))
    }

    /// The answer's body was larger than the `limit` in bytes the request accepted.
    public static func responseTooLarge(limit: Int) -> OpenMarketError {
        OpenMarketError(.responseTooLarge(limit: limit))
    }

    /// The client refused to send the request (a bad path, a bad value); nothing went over the network.
    public static func invalidRequest(_ reason: String) -> OpenMarketError {
        OpenMarketError(.invalidRequest(reason))
    }

    // MARK: Asking what happened

    /// True when the server could not be reached or the connection broke.
    public var isTransport: Bool {
        if case .transport = code { return true }
        return false
    }

    /// True when no complete answer arrived in time.
    public var isTimeout: Bool {
        if case .timeout = code { return true }
        return false
    }

    /// True when the calling task was cancelled.
    public var isCancelled: Bool { code == .cancelled }

    /// True when the answer could not be decoded.
    public var isDecoding: Bool {
        if case .decoding = code { return true }
        return false
    }

    /// True when the answer's body was over the size limit.
    public var isResponseTooLarge: Bool {
        if case .responseTooLarge = code { return true }
        return false
    }

    /// True when the client refused to send the request.
    public var isInvalidRequest: Bool {
        if case .invalidRequest = code { return true }
        return false
    }

    /// The HTTP status of a non-2xx answer; nil for every other kind.
    public var status: Int? {
        if case .status(let status, _) = code { return status }
        return nil
    }

    /// The `message` of the server's `{"code","message"}` error body, exactly as sent; nil when there was none.
    public var serverMessage: String? {
        if case .status(_, let message) = code { return message }
        return nil
    }

    /// Where in the answer decoding failed, like `pages[3].price`; nil for other kinds or the whole body.
    public var keyPath: String? {
        if case .decoding(let keyPath, _) = code { return keyPath }
        return nil
    }

    /// One sentence to show a person in a terminal, e.g.
    /// "Could not reach the server at 127.0.0.1:8080 (connection refused)."
    ///
    /// Text from the server is stripped of control characters and shortened, so it cannot move the cursor.
    public var userMessage: String {
        switch code {
        case .transport(let endpoint, let reason):
            return "Could not reach the server at \(Self.printable(endpoint)) (\(reason))."
        case .timeout(let limit):
            return "The server did not answer within \(Self.spoken(limit))."
        case .cancelled:
            return "The request was cancelled."
        case .status(let status, let message?):
            let verb = status >= 500 ? "failed" : "refused"
            return "The server \(verb): \(Self.printable(Self.withoutFinalPeriod(message))) (\(status))."
        case .status(let status, nil):
            let phrase = Self.reasonPhrase(status).map { " (\($0))" } ?? ""
            return "The server answered with status \(status)\(phrase)."
        case .decoding(let keyPath?, let reason):
            return "The server sent data this app cannot read (\(Self.printable(keyPath)): \(Self.printable(reason)))."
        case .decoding(nil, let reason):
            return "The server sent data this app cannot read (\(Self.printable(reason)))."
        case .responseTooLarge(let limit):
            return "The server's answer is larger than the \(Self.size(limit)) this app accepts."
        case .invalidRequest(let reason):
            return "This request cannot be sent: \(Self.printable(Self.withoutFinalPeriod(reason)))."
        }
    }

    /// A compact technical description, for logs.
    public var description: String {
        switch code {
        case .transport(let endpoint, let reason): "OpenMarketError.transport(\(endpoint): \(reason))"
        case .timeout(let limit): "OpenMarketError.timeout(after \(Self.spoken(limit)))"
        case .cancelled: "OpenMarketError.cancelled"
        case .status(let status, let message?): "OpenMarketError.httpStatus(\(status): \(message))"
        case .status(let status, nil): "OpenMarketError.httpStatus(\(status))"
        case .decoding(let keyPath?, let reason): "OpenMarketError.decoding(\(keyPath): \(reason))"
        case .decoding(nil, let reason): "OpenMarketError.decoding(\(reason))"
        case .responseTooLarge(let limit): "OpenMarketError.responseTooLarge(limit: \(limit) bytes)"
        case .invalidRequest(let reason): "OpenMarketError.invalidRequest(\(reason))"
        }
    }

    // MARK: Wording

    /// `15 seconds`, `1 second`, `0.5 seconds`.
    static func spoken(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        if attoseconds == 0 { return seconds == 1 ? "1 second" : "\(seconds) seconds" }
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        let whole = milliseconds / 1000
        var fraction = String(abs(milliseconds % 1000))
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return fraction.isEmpty ? "\(whole) seconds" : "\(whole).\(fraction) seconds"
    }

    /// `16 MB`, `300 KB`, `512 bytes` (binary units, rounded down).
    static func size(_ bytes: Int) -> String {
        if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MB" }
        if bytes >= 1 << 10 && bytes % (1 << 10) == 0 { return "\(bytes >> 10) KB" }
        return bytes == 1 ? "1 byte" : "\(bytes) bytes"
    }

    /// The text without control characters and at most 200 characters long.
    static func printable(_ text: String) -> String {
        let limit = 200
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator:
                result.unicodeScalars.append(" ")
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result.count > limit ? result.prefix(limit) + "…" : result
    }

    private static func withoutFinalPeriod(_ text: String) -> String {
        text.hasSuffix(".") ? String(text.dropLast()) : text
    }

    private static func reasonPhrase(_ status: Int) -> String? {
        switch status {
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 413: "Content Too Large"
        case 415: "Unsupported Media Type"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: nil
        }
    }
}

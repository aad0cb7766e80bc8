public import Localization
import Untrusted

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

    /// One sentence to show a person in a terminal, in English, e.g.
    /// "Could not reach the server at 127.0.0.1:8080 (connection refused)."
    ///
    /// Text from the server is stripped of control characters and shortened, so it cannot move the cursor.
    public var userMessage: String { userMessage(in: .english) }

    /// The sentence to show a person, in `language`.
    public func userMessage(in language: Language) -> String { language.text(phrase) }

    /// What happened, as a phrase of the catalog; text from the server is made printable first.
    public var phrase: Phrase {
        switch code {
        case .transport(let endpoint, let reason):
            .cannotReachServer(endpoint: Self.printable(endpoint), reason: Phrase.Transport(words: reason))
        case .timeout(let limit):
            .noAnswerWithin(milliseconds: Self.milliseconds(limit))
        case .cancelled:
            .requestCancelled
        case .status(let status, let message?):
            status >= 500
                ? .serverFailed(message: Self.printable(Self.withoutFinalPeriod(message)), status: status)
                : .serverRefused(message: Self.printable(Self.withoutFinalPeriod(message)), status: status)
        case .status(let status, nil):
            .serverStatus(status)
        case .decoding(let keyPath?, let reason):
            .unreadableAnswer(detail: "\(Self.printable(keyPath)): \(Self.printable(reason))")
        case .decoding(nil, let reason):
            .unreadableAnswer(detail: Self.printable(reason))
        case .responseTooLarge(let limit):
            .answerTooLarge(bytes: limit)
        case .invalidRequest(let reason):
            .cannotSend(reason: Self.printable(Self.withoutFinalPeriod(reason)))
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

    /// `15 seconds`, `1 second`, `0.5 seconds` (the catalog's English words for a duration).
    static func spoken(_ duration: Duration) -> String {
        Phrase.englishSeconds(milliseconds(duration))
    }

    /// A duration in whole milliseconds.
    static func milliseconds(_ duration: Duration) -> Int {
        Int(duration.components.seconds) * 1000 + Int(duration.components.attoseconds / 1_000_000_000_000_000)
    }

    /// A server's text as it may be shown: at most 200 characters, control characters as placeholders
    /// (`UntrustedText.shown`).
    static func printable(_ text: String) -> String {
        UntrustedText.shown(text, limit: 200)
    }

    private static func withoutFinalPeriod(_ text: String) -> String {
        text.hasSuffix(".") ? String(text.dropLast()) : text
    }
}

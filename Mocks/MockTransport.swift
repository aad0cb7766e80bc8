import NIOConcurrencyHelpers
import Foundation
import OpenMarketAPI
import Synchronization

/// An `HTTPTransport` for tests: records every request and answers with replies queued per method and
/// path, in order (or a standing `stub`). A request nobody prepared a reply for fails loudly (an invalid-request error naming it,
/// and an entry in `unexpectedRequests`) instead of getting a made-up answer.
///
/// Like a real transport it honours the request's timeout: a reply slower than `timeout` becomes a
/// timeout error once the timeout has passed, and cancelling the calling task ends the wait with
/// `OpenMarketError.cancelled`.
public final class MockTransport: HTTPTransport {
    /// A canned answer: a response or an error, optionally after a delay.
    public struct Reply: Sendable {
        public var result: Result<TransportResponse, OpenMarketError>
        /// How long the "server" takes; nil uses the transport's default delay.
        public var delay: Duration?
        /// Whether the reply waits for its request's cancellation, past the request's timeout too.
        public var holdsUntilCancelled = false

        /// A response with the given parts.
        public init(status: Int = 200, headers: [HTTPHeader] = [], body: [UInt8] = [], delay: Duration? = nil) {
            result = .success(TransportResponse(status: status, headers: headers, body: body))
            self.delay = delay
        }

        /// A failure, as the transport would throw it.
        public static func failure(_ error: OpenMarketError, delay: Duration? = nil) -> Reply {
            var reply = Reply()
            reply.result = .failure(error)
            reply.delay = delay
            return reply
        }

        /// A JSON body.
        public static func json(_ text: String, status: Int = 200) -> Reply {
            Reply(status: status, headers: [HTTPHeader("Content-Type", "application/json")], body: Array(text.utf8))
        }

        /// A `text/plain` body.
        public static func text(_ text: String, status: Int = 200) -> Reply {
            Reply(status: status, headers: [HTTPHeader("Content-Type", "text/plain")], body: Array(text.utf8))
        }

        /// A fixture file as the body (JSON, or HTML for `.notJSON`).
        public static func fixture(_ name: APIFixtures.Name, status: Int = 200) throws -> Reply {
            let type = name.rawValue.hasSuffix(".html") ? "text/html" : "application/json"
            return Reply(status: status, headers: [HTTPHeader("Content-Type", type)], body: try APIFixtures.bytes(name))
        }

        /// The same reply, after `delay`.
        public func delayed(by delay: Duration) -> Reply {
            var reply = self
            reply.delay = delay
            return reply
        }

        /// The same reply held until its request is cancelled, past the request's timeout too: for tests
        /// that wait for a cancellation. A reply delayed by a fixed time (or cut by the client's 15 s
        /// timeout) that a loaded machine outlasts ends before the test's step, and the load it meant to
        /// see cancelled fails or finishes instead (CI saw it with a 20 s delay).
        public func untilCancelled() -> Reply {
            var reply = self
            reply.holdsUntilCancelled = true
            return reply
        }
    }

    private struct State {
        var queues: [String: [Reply]] = [:]
        var standing: [String: Reply] = [:]
        var requests: [TransportRequest] = []
        var unexpected: [String] = []
        var cancelled: [String] = []
    }

    private let state = NIOLockedValueBox(State())
    /// The delay of replies that do not set their own.
    public let delay: Duration

    /// A transport with no replies queued yet; every reply takes `delay` unless it says otherwise.
    public init(delay: Duration = .zero) {
        self.delay = delay
    }

    /// Queues `reply` for the next `method` request to `path` (the URL's path, without the query).
    public func enqueue(_ method: String, _ path: String, _ reply: Reply) {
        state.withLockedValue { $0.queues[Self.key(method, path), default: []].append(reply) }
    }

    /// Answers every `method` request to `path` with `reply` once the queued replies for it are used up
    /// (for requests a test does not count, like thumbnails).
    public func stub(_ method: String, _ path: String, _ reply: Reply) {
        state.withLockedValue { $0.standing[Self.key(method, path)] = reply }
    }

    /// Every request received, in order (unexpected ones included).
    public var requests: [TransportRequest] { state.withLockedValue { $0.requests } }

    /// `METHOD /path` of every request that had no reply queued.
    public var unexpectedRequests: [String] { state.withLockedValue { $0.unexpected } }

    /// `METHOD /path` of every request whose task was cancelled while its reply was delayed.
    public var cancelledRequests: [String] { state.withLockedValue { $0.cancelled } }

    /// `METHOD /path` of every queued reply that was never used.
    public var unusedReplies: [String] {
        state.withLockedValue { state in
            state.queues.flatMap { key, replies in Array(repeating: key, count: replies.count) }.sorted()
        }
    }

    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        let key = Self.key(request.method, Self.path(of: request.url))
        let reply: Reply? = state.withLockedValue { state in
            state.requests.append(request)
            guard var queue = state.queues[key], !queue.isEmpty else {
                if let standing = state.standing[key] { return standing }
                state.unexpected.append(key)
                return nil
            }
            let reply = queue.removeFirst()
            state.queues[key] = queue.isEmpty ? nil : queue
            return reply
        }
        guard let reply else {
            throw OpenMarketError.invalidRequest("MockTransport got an unexpected request \(key); no reply was queued")
        }
        let wait = reply.delay ?? delay
        // An upload reports half its bytes sent before the server's delay, and the rest after it.
        if let progress = request.uploadProgress, let body = request.body {
            progress(0, body.count)
            progress(body.count / 2, body.count)
        }
        do {
            if reply.holdsUntilCancelled {
                while true { try await Task.sleep(for: .seconds(3600)) }
            }
            if wait >= request.timeout {
                try await Task.sleep(for: request.timeout)
                throw OpenMarketError.timeout(after: request.timeout)
            }
            if wait > .zero { try await Task.sleep(for: wait) }
        } catch is CancellationError {
            state.withLockedValue { $0.cancelled.append(key) }
            throw OpenMarketError.cancelled
        }
        if let progress = request.uploadProgress, let body = request.body {
            progress(body.count, body.count)
        }
        let response = try reply.result.get()
        guard response.body.count <= request.maxResponseBytes else {
            throw OpenMarketError.responseTooLarge(limit: request.maxResponseBytes)
        }
        return response
    }

    private static func key(_ method: String, _ path: String) -> String {
        "\(method.uppercased()) \(path)"
    }

    /// The URL's path as sent (percent-encoded), `/` when empty.
    private static func path(of url: URL) -> String {
        let path = URLComponents(url: url, resolvingAgainstBaseURL: true)?.percentEncodedPath ?? url.path
        return path.isEmpty ? "/" : path
    }
}

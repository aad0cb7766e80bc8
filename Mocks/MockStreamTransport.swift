import NIOConcurrencyHelpers
import OpenMarketAPI

/// A `StreamingTransport` for tests: each `open` takes the next queued answer — a status and headers with a
/// body the test writes as it goes (`Script.send`, `Script.end`), or a failure — and records the request.
/// An `open` nobody queued an answer for fails with an invalid-request error (and is counted). Plain requests go
/// to the `MockTransport` given, if any.
public final class MockStreamTransport: StreamingTransport {
    /// One answer's body, written by the test.
    public final class Script: Sendable {
        public let status: Int
        public let headers: [HTTPHeader]
        let body: AsyncThrowingStream<[UInt8], any Error>
        private let continuation: AsyncThrowingStream<[UInt8], any Error>.Continuation

        public init(status: Int = 200, headers: [HTTPHeader] = [HTTPHeader("Content-Type", "text/event-stream; charset=utf-8")]) {
            self.status = status
            self.headers = headers
            (body, continuation) = AsyncThrowingStream.makeStream()
        }

        /// More of the body, as text.
        public func send(_ text: String) { continuation.yield(Array(text.utf8)) }
        /// The body ends (the server closed the stream), or fails.
        public func end(failing error: (any Error)? = nil) { continuation.finish(throwing: error) }
    }

    private struct State {
        var answers: [Result<Script, OpenMarketError>] = []
        var requests: [TransportRequest] = []
        var unexpected = 0
    }

    private let state = NIOLockedValueBox(State())
    /// Where requests that are not streams go (none: they fail).
    private let plain: MockTransport?

    public init(plain: MockTransport? = nil) {
        self.plain = plain
    }

    /// Queues the answer to the next `open`.
    public func answer(_ script: Script) { state.withLockedValue { $0.answers.append(.success(script)) } }
    /// Queues a failure to the next `open`.
    public func fail(_ error: OpenMarketError) { state.withLockedValue { $0.answers.append(.failure(error)) } }

    /// The requests opened so far.
    public var requests: [TransportRequest] { state.withLockedValue { $0.requests } }
    /// Opens nobody queued an answer for.
    public var unexpected: Int { state.withLockedValue { $0.unexpected } }

    public func open(_ request: TransportRequest) async throws -> TransportStream {
        let answer: Result<Script, OpenMarketError>? = state.withLockedValue { state in
            state.requests.append(request)
            guard !state.answers.isEmpty else {
                state.unexpected += 1
                return nil
            }
            return state.answers.removeFirst()
        }
        switch answer {
        case .success(let script)?: return TransportStream(status: script.status, headers: script.headers, body: script.body)
        case .failure(let error)?: throw error
        case nil: throw OpenMarketError.invalidRequest("no answer queued for \(request.method) \(request.url.path)")
        }
    }

    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        guard let plain else { throw OpenMarketError.invalidRequest("MockStreamTransport only opens streams") }
        return try await plain.send(request)
    }
}

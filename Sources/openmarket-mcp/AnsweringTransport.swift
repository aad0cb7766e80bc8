import Foundation
import Logging
import MCP

/// A transport that keeps count of the requests it has received and not yet answered, so that the server
/// can finish answering them after the client has closed its side.
///
/// The SDK handles each request in a task of its own and ends its receiving loop at end of input; a client
/// that writes its requests and closes standard input (`printf … | openmarket mcp`) lost the answers still
/// being worked on when the process returned (3 to 7 of 10 runs lost one).
actor AnsweringTransport: Transport {
    private let inner: StdioTransport
    /// The ids of requests received and not answered, as their JSON text.
    private var unanswered: Set<String> = []
    private var waiters: [CheckedContinuation<Void, Never>] = []

    nonisolated let logger: Logger

    init(_ inner: StdioTransport) {
        self.inner = inner
        logger = inner.logger
    }

    func connect() async throws { try await inner.connect() }

    func disconnect() async { await inner.disconnect() }

    func send(_ data: Data) async throws {
        try await inner.send(data)
        for message in Self.messages(in: data) where message["method"] == nil {
            if let id = Self.id(of: message) { unanswered.remove(id) }
        }
        if unanswered.isEmpty {
            for waiter in waiters { waiter.resume() }
            waiters = []
        }
    }

    func receive() -> AsyncThrowingStream<Data, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Data.self, throwing: (any Error).self)
        let task = Task {
            do {
                for try await data in await inner.receive() {
                    received(data)
                    continuation.yield(data)
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// Notes the requests in `data` before the server sees them: once its loop has ended, every request it
    /// will answer is counted.
    private func received(_ data: Data) {
        for message in Self.messages(in: data) where message["method"] != nil {
            if let id = Self.id(of: message) { unanswered.insert(id) }
            // A request the client cancels gets no answer (the protocol says so): stop counting it.
            if message["method"] as? String == "notifications/cancelled",
                let requestID = (message["params"] as? [String: Any]).flatMap({ Self.id(of: ["id": $0["requestId"] as Any]) })
            {
                unanswered.remove(requestID)
            }
        }
    }

    /// Returns when every request received has been answered, or after `limit` (a handler that never
    /// returns must not keep the process forever).
    func untilAnswered(atMost limit: Duration) async {
        guard !unanswered.isEmpty else { return }
        let timeout = Task {
            try? await Task.sleep(for: limit)
            self.giveUp()
        }
        await withCheckedContinuation { waiters.append($0) }
        timeout.cancel()
    }

    private func giveUp() {
        if !unanswered.isEmpty {
            logger.warning("leaving \(unanswered.count) requests unanswered after waiting for them")
        }
        for waiter in waiters { waiter.resume() }
        waiters = []
    }

    /// The JSON-RPC messages in `data`: one object, or a batch's.
    private static func messages(in data: Data) -> [[String: Any]] {
        switch try? JSONSerialization.jsonObject(with: data) {
        case let object as [String: Any]: [object]
        case let batch as [Any]: batch.compactMap { $0 as? [String: Any] }
        default: []
        }
    }

    /// A message's id as JSON text (`1` and `"1"` are different ids), or nil for a notification.
    private static func id(of message: [String: Any]) -> String? {
        guard let id = message["id"], !(id is NSNull) else { return nil }
        guard let data = try? JSONSerialization.data(withJSONObject: [id], options: [.sortedKeys]) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}

import Foundation
import MarketWords
import Synchronization

/// Follows a market's changes (`ChangeEvents`) for as long as it is asked to: opens the stream, hands on each
/// change, and when the stream ends, fails or falls silent for `silenceLimit` (three of the market's
/// heartbeats), opens it again from the last event it had — so that nothing is missed — after the wait the
/// market asked for (`retry:`), doubled after each attempt that heard nothing, up to `longestWait`. A market
/// that has no stream (a course-API server) is said once (`.unavailable`), and followed no more.
public struct ChangeFollowing: Sendable {
    public let client: OpenMarketClient
    public var silenceLimit: Duration
    public var longestWait: Duration

    public init(client: OpenMarketClient, silenceLimit: Duration = .seconds(45), longestWait: Duration = .seconds(30)) {
        self.client = client
        self.silenceLimit = silenceLimit
        self.longestWait = longestWait
    }

    /// What one attempt ended with.
    enum Ending: Equatable {
        /// The stream was read until it ended, failed or fell silent; `heard`: it brought something.
        case ended(heard: Bool)
        /// The market answered with no stream.
        case unavailable
        /// The market did not know the id sent back: start afresh.
        case refusedID
        /// The market is busy or limits this client: try again after `retryAfter` seconds.
        case busy(retryAfter: Int?)
    }

    /// The feed, timed by `clock`, until the consumer stops reading. The following runs on `executor` when one is
    /// given (a browser's own thread: then a heartbeat wakes that thread alone, not a worker thread the
    /// concurrency runtime starts for it and lets go five seconds later — every 15 s in each of 2,000 browsers).
    /// `lastEventID`: the last event had elsewhere (the market's local socket, `ChangeSocketReader`), to go on
    /// from.
    public func events(
        clock: any Clock<Duration>, on executor: (any TaskExecutor)? = nil, after lastEventID: String? = nil
    ) -> AsyncStream<ChangeFeedEvent> {
        let following = self
        return AsyncStream { continuation in
            let task = Task(executorPreference: executor) {
                var lastID = lastEventID
                var retry = Duration.seconds(2)
                var failures = 0
                while !Task.isCancelled {
                    let ending = await following.attempt(lastID: &lastID, retry: &retry, clock: clock, continuation: continuation)
                    var wait = retry
                    switch ending {
                    case .unavailable:
                        continuation.yield(.unavailable)
                        continuation.finish()
                        return
                    case .refusedID:
                        lastID = nil
                        continuation.yield(.change(.reset(reason: "the market did not know the last change had")))
                        wait = .zero
                    case .ended(let heard):
                        failures = heard ? 0 : failures + 1
                        for _ in 0..<min(failures, 8) { wait *= 2 }
                    case .busy(let seconds):
                        failures += 1
                        wait = max(wait, .seconds(seconds ?? 5))
                    }
                    wait = min(wait, following.longestWait)
                    if Task.isCancelled { break }
                    continuation.yield(.lost(retryIn: wait))
                    guard (try? await clock.sleep(for: wait)) != nil else { break }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// One attempt: the stream opened and read until it ends, fails, or is silent for `silenceLimit`.
    func attempt(
        lastID: inout String?, retry: inout Duration, clock: any Clock<Duration>,
        continuation: AsyncStream<ChangeFeedEvent>.Continuation
    ) async -> Ending {
        guard let transport = client.transport as? any StreamingTransport else { return .unavailable }
        var headers = [HTTPHeader("Accept", "text/event-stream")]
        if let lastID { headers.append(HTTPHeader(ChangeEvents.lastEventHeader, lastID)) }
        let url: URL
        do {
            url = try EndpointURL.make(base: client.baseURL, path: ChangeEvents.path)
        } catch {
            return .unavailable
        }
        let request = TransportRequest(method: "GET", url: url, headers: headers, timeout: client.timeout)
        let stream: TransportStream
        do {
            stream = try await transport.open(request)
        } catch {
            return .ended(heard: false)
        }
        let isEvents = stream.header("Content-Type")?.lowercased().hasPrefix("text/event-stream") ?? false
        switch stream.status {
        case 200 where isEvents: break
        case 429, 503: return .busy(retryAfter: stream.header("Retry-After").flatMap { Int($0) })
        case 400 where lastID != nil: return .refusedID
        case 408, 500...: return .ended(heard: false)
        default: return .unavailable
        }
        continuation.yield(.opened(resumed: lastID != nil))
        let silence = silenceLimit
        let heard = Flag()
        let start = lastID
        let read: Reading = await withTaskGroup(of: Reading?.self) { group in
            group.addTask {
                var parser = ServerSentEventParser(lastEventID: start)
                let decoder = JSONDecoder()
                var reading = Reading(lastID: start, retry: nil, heard: false)
                do {
                    for try await chunk in stream.body {
                        heard.value.store(true, ordering: .relaxed)
                        reading.heard = true
                        for event in try parser.feed(chunk) {
                            if let change = MarketChange(event, decoder: decoder) { continuation.yield(.change(change)) }
                        }
                        reading.lastID = parser.lastEventID
                        reading.retry = parser.retryMilliseconds
                    }
                } catch {
                    // The stream failed, or sent what no market sends: opened again from the last event had.
                }
                return reading
            }
            group.addTask {
                while (try? await clock.sleep(for: silence)) != nil {
                    if !heard.value.exchange(false, ordering: .relaxed) { return nil }
                }
                return nil
            }
            var read: Reading?
            while let next = await group.next() {
                if let next { read = next }
                group.cancelAll()
            }
            return read ?? Reading(lastID: start, retry: nil, heard: false)
        }
        lastID = read.lastID
        if let milliseconds = read.retry { retry = .milliseconds(max(100, min(milliseconds, 60_000))) }
        return .ended(heard: read.heard)
    }

    /// Whether bytes arrived since the watchdog last looked.
    final class Flag: Sendable {
        let value = Atomic<Bool>(false)
    }

    struct Reading: Sendable {
        var lastID: String?
        var retry: Int?
        var heard: Bool
    }
}

public import Logging
import NIOConcurrencyHelpers

/// Log lines for limits that bite: at most one line per kind every `interval`, counting the events it
/// stands for, so a flood of connections cannot flood the log as well.
public final class NoticeThrottle: Sendable {
    private struct State {
        var last: [String: ContinuousClock.Instant] = [:]
        var unreported: [String: Int] = [:]
    }

    private let logger: Logger
    private let interval: Duration
    private let now: @Sendable () -> ContinuousClock.Instant
    private let state = NIOLockedValueBox(State())

    /// - Parameter now: the time (the process's clock; tests give made-up instants).
    public init(logger: Logger, interval: Duration = .seconds(10), now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }) {
        self.logger = logger
        self.interval = interval
        self.now = now
    }

    /// Counts one event of `kind`; writes `message(count)` when the kind's last line is old enough.
    public func post(_ kind: String, _ message: (Int) -> String) {
        let now = self.now()
        let count: Int? = state.withLockedValue { state in
            state.unreported[kind, default: 0] += 1
            if let last = state.last[kind], now - last < interval { return nil }
            state.last[kind] = now
            defer { state.unreported[kind] = 0 }
            return state.unreported[kind, default: 1]
        }
        if let count { logger.notice("\(message(count))") }
    }
}

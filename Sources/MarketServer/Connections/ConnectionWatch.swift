import Logging
import Synchronization

/// The server's connections as a whole: how many each client address holds, and the log lines written
/// when a limit bites — at most one line per kind every 10 seconds, counting those it stood for, so a
/// flood of slow clients cannot flood the log too.
final class ConnectionWatch: Sendable {
    private struct State {
        var perAddress: [String: Int] = [:]
        var lastNotice: [String: ContinuousClock.Instant] = [:]
        var unreported: [String: Int] = [:]
    }

    let limits: ConnectionLimits
    private let logger: Logger
    private let state = Mutex(State())
    private let noticeInterval: Duration

    init(limits: ConnectionLimits, logger: Logger, noticeInterval: Duration = .seconds(10)) {
        self.limits = limits
        self.logger = logger
        self.noticeInterval = noticeInterval
    }

    /// Counts a new connection from `address`; false (and nothing counted) when the address already holds
    /// its share.
    func admit(_ address: String) -> Bool {
        let admitted = state.withLock { state in
            let held = state.perAddress[address, default: 0]
            guard limits.maxConnectionsPerAddress == 0 || held < limits.maxConnectionsPerAddress else { return false }
            state.perAddress[address] = held + 1
            return true
        }
        if !admitted {
            notice("per-address") { count in
                "refused \(count) connection(s) from \(address): it already holds \(self.limits.maxConnectionsPerAddress) (--max-connections-per-address)"
            }
        }
        return admitted
    }

    /// Forgets a connection `admit` counted.
    func release(_ address: String) {
        state.withLock { state in
            let held = state.perAddress[address, default: 0] - 1
            state.perAddress[address] = held > 0 ? held : nil
        }
    }

    /// Connections `address` holds now.
    func connections(from address: String) -> Int {
        state.withLock { $0.perAddress[address, default: 0] }
    }

    /// A connection was closed for running out of time.
    func closed(_ address: String, _ expiry: ConnectionDeadlines.Expiry) {
        let limit: Duration =
            switch expiry {
            case .idle: limits.idleTimeout
            case .head: limits.headerTimeout
            case .body: limits.bodyTimeout
            }
        // Idle keep-alive connections closing is ordinary; slow requests are worth a line.
        guard expiry != .idle else { return }
        notice("expiry-\(expiry)") { count in
            "closed \(count) connection(s) (latest from \(address)): \(expiry) within \(limit.components.seconds) s"
        }
    }

    /// The server holds `limits.maxConnections` connections; new ones wait in the accept queue.
    func reachedCapacity() {
        notice("capacity") { count in
            "\(self.limits.maxConnections) connections open (--max-connections): new ones wait until one closes (\(count) time(s))"
        }
    }

    private func notice(_ kind: String, _ message: (Int) -> String) {
        let now = ContinuousClock.now
        let count: Int? = state.withLock { state in
            state.unreported[kind, default: 0] += 1
            if let last = state.lastNotice[kind], now - last < noticeInterval { return nil }
            state.lastNotice[kind] = now
            defer { state.unreported[kind] = 0 }
            return state.unreported[kind, default: 1]
        }
        if let count { logger.notice("\(message(count))") }
    }
}

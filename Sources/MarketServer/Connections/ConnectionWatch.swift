import NIOConcurrencyHelpers
import Logging
import Notices

/// The server's connections as a whole: how many each client address holds, and the log lines written
/// when a limit bites (throttled: a flood of slow clients must not flood the log too).
final class ConnectionWatch: Sendable {
    let limits: ConnectionLimits
    private let perAddress = NIOLockedValueBox<[String: Int]>([:])
    private let notices: NoticeThrottle

    init(limits: ConnectionLimits, logger: Logger) {
        self.limits = limits
        notices = NoticeThrottle(logger: logger)
    }

    /// Counts a new connection from `address`; false (and nothing counted) when the address already holds
    /// its share.
    func admit(_ address: String) -> Bool {
        let admitted = perAddress.withLockedValue { perAddress in
            let held = perAddress[address, default: 0]
            guard limits.maxConnectionsPerAddress == 0 || held < limits.maxConnectionsPerAddress else { return false }
            perAddress[address] = held + 1
            return true
        }
        if !admitted {
            notices.post("per-address") { count in
                "refused \(count) connection(s) from \(address): it already holds \(self.limits.maxConnectionsPerAddress) (--max-connections-per-address)"
            }
        }
        return admitted
    }

    /// Forgets a connection `admit` counted.
    func release(_ address: String) {
        perAddress.withLockedValue { perAddress in
            let held = perAddress[address, default: 0] - 1
            perAddress[address] = held > 0 ? held : nil
        }
    }

    /// Connections `address` holds now.
    func connections(from address: String) -> Int {
        perAddress.withLockedValue { $0[address, default: 0] }
    }

    /// A connection was closed for running out of time.
    func closed(_ address: String, _ expiry: ConnectionDeadlines.Expiry) {
        let limit: Duration =
            switch expiry {
            case .idle: limits.idleTimeout
            case .head: limits.headerTimeout
            case .body: limits.bodyTimeout
            case .stalled: limits.stallTimeout
            }
        // Idle keep-alive connections closing is ordinary; slow requests are worth a line.
        guard expiry != .idle else { return }
        notices.post("expiry-\(expiry)") { count in
            "closed \(count) connection(s) (latest from \(address)): \(expiry) within \(limit.components.seconds) s"
        }
    }

    /// The server holds `limits.maxConnections` connections; new ones wait in the accept queue.
    func reachedCapacity() {
        notices.post("capacity") { count in
            "\(self.limits.maxConnections) connections open (--max-connections): new ones wait until one closes (\(count) time(s))"
        }
    }
}

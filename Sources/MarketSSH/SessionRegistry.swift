public import Foundation
import NIOConcurrencyHelpers
import NIOCore
import Synchronization

/// The limits every SSH session lives under.
public struct SessionLimits: Sendable {
    public var maxSessions: Int
    public var idleTimeout: Duration
    public var maxSessionTime: Duration
    /// New connections one address may open per minute.
    public var connectionsPerMinute: Int
    /// How long a connection may go without a session (handshake, authentication and the session request
    /// included, and again after its sessions end) before it is closed.
    public var loginGraceTime: Duration
    /// Connections without a session yet, at once; more are closed as they arrive.
    public var maxStartups: Int
    /// Connections without a session yet that one address may hold at once.
    public var maxStartupsPerAddress: Int

    public init(
        maxSessions: Int = 32, idleTimeout: Duration = .seconds(15 * 60), maxSessionTime: Duration = .seconds(2 * 3600),
        connectionsPerMinute: Int = 20, loginGraceTime: Duration = .seconds(30), maxStartups: Int = 64,
        maxStartupsPerAddress: Int = 32
    ) {
        self.maxSessions = maxSessions
        self.idleTimeout = idleTimeout
        self.maxSessionTime = maxSessionTime
        self.connectionsPerMinute = connectionsPerMinute
        self.loginGraceTime = loginGraceTime
        self.maxStartups = maxStartups
        self.maxStartupsPerAddress = maxStartupsPerAddress
    }
}

/// Live sessions and recent connections: enforces the session count and the per-address rate, and
/// reaches every session at shutdown.
final class SessionRegistry: Sendable {
    private struct State {
        var sessions: [ObjectIdentifier: SessionHandler] = [:]
        var connections: [String: [ContinuousClock.Instant]] = [:]
        /// Connections without a session yet, per address.
        var startups: [String: Int] = [:]
    }

    let limits: SessionLimits
    private let state = NIOLockedValueBox(State())

    init(limits: SessionLimits) {
        self.limits = limits
    }

    /// Records a new connection from `address`; false when it is over the per-minute rate.
    func admitConnection(from address: String) -> Bool {
        let now = ContinuousClock.now
        return state.withLockedValue { state in
            var recent = (state.connections[address] ?? []).filter { now - $0 < .seconds(60) }
            guard recent.count < limits.connectionsPerMinute else { return false }
            recent.append(now)
            state.connections[address] = recent
            if state.connections.count > 10_000 { state.connections = state.connections.filter { !$0.value.isEmpty } }
            return true
        }
    }

    /// Counts a connection that has no session yet; false when the server or the address already has as
    /// many as allowed (the connection is then closed).
    func admitStartup(from address: String) -> Bool {
        state.withLockedValue { state in
            let total = state.startups.values.reduce(0, +)
            let mine = state.startups[address, default: 0]
            guard total < limits.maxStartups, mine < limits.maxStartupsPerAddress else { return false }
            state.startups[address] = mine + 1
            return true
        }
    }

    /// A connection counted by `admitStartup` got its first session, or closed.
    func endStartup(from address: String) {
        state.withLockedValue { state in
            let left = state.startups[address, default: 0] - 1
            state.startups[address] = left > 0 ? left : nil
        }
    }

    /// Connections without a session yet.
    var startupCount: Int { state.withLockedValue { $0.startups.values.reduce(0, +) } }

    /// Adds a session; false when the maximum is reached.
    func add(_ session: SessionHandler) -> Bool {
        state.withLockedValue { state in
            guard state.sessions.count < limits.maxSessions else { return false }
            state.sessions[ObjectIdentifier(session)] = session
            return true
        }
    }

    func remove(_ session: SessionHandler) {
        _ = state.withLockedValue { $0.sessions.removeValue(forKey: ObjectIdentifier(session)) }
    }

    var count: Int { state.withLockedValue { $0.sessions.count } }

    var all: [SessionHandler] { state.withLockedValue { Array($0.sessions.values) } }
}

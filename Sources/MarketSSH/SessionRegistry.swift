public import Foundation
import NIOCore
import Synchronization

/// The limits every SSH session lives under.
public struct SessionLimits: Sendable {
    public var maxSessions: Int
    public var idleTimeout: Duration
    public var maxSessionTime: Duration
    /// New connections one address may open per minute.
    public var connectionsPerMinute: Int

    public init(
        maxSessions: Int = 32, idleTimeout: Duration = .seconds(15 * 60), maxSessionTime: Duration = .seconds(2 * 3600),
        connectionsPerMinute: Int = 20
    ) {
        self.maxSessions = maxSessions
        self.idleTimeout = idleTimeout
        self.maxSessionTime = maxSessionTime
        self.connectionsPerMinute = connectionsPerMinute
    }
}

/// Live sessions and recent connections: enforces the session count and the per-address rate, and
/// reaches every session at shutdown.
final class SessionRegistry: Sendable {
    private struct State {
        var sessions: [ObjectIdentifier: SessionHandler] = [:]
        var connections: [String: [ContinuousClock.Instant]] = [:]
    }

    let limits: SessionLimits
    private let state = Mutex(State())

    init(limits: SessionLimits) {
        self.limits = limits
    }

    /// Records a new connection from `address`; false when it is over the per-minute rate.
    func admitConnection(from address: String) -> Bool {
        let now = ContinuousClock.now
        return state.withLock { state in
            var recent = (state.connections[address] ?? []).filter { now - $0 < .seconds(60) }
            guard recent.count < limits.connectionsPerMinute else { return false }
            recent.append(now)
            state.connections[address] = recent
            if state.connections.count > 10_000 { state.connections = state.connections.filter { !$0.value.isEmpty } }
            return true
        }
    }

    /// Adds a session; false when the maximum is reached.
    func add(_ session: SessionHandler) -> Bool {
        state.withLock { state in
            guard state.sessions.count < limits.maxSessions else { return false }
            state.sessions[ObjectIdentifier(session)] = session
            return true
        }
    }

    func remove(_ session: SessionHandler) {
        _ = state.withLock { $0.sessions.removeValue(forKey: ObjectIdentifier(session)) }
    }

    var count: Int { state.withLock { $0.sessions.count } }

    var all: [SessionHandler] { state.withLock { Array($0.sessions.values) } }
}

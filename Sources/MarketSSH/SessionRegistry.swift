import Foundation
import NIOConcurrencyHelpers
import NIOCore

/// The limits every SSH session lives under.
public struct SessionLimits: Sendable {
    public var maxSessions: Int
    /// Sessions one address (an IPv6 address by its /64, `SourceKey`) may hold at once; one connection holds one.
    public var maxSessionsPerAddress: Int
    public var idleTimeout: Duration
    public var maxSessionTime: Duration
    /// New connections one address may open per minute.
    public var connectionsPerMinute: Int
    /// How long a connection may go without a session (handshake, authentication and the session request
    /// included, and again after its sessions end) before it is closed.
    public var loginGraceTime: Duration
    /// Connections without a session yet, at once; past it, each newcomer is let in and the oldest startup of
    /// the address holding the most is closed to make room (`StartupTable`).
    public var maxStartups: Int
    /// Connections without a session yet that one address may hold at once; more are closed as they arrive.
    public var maxStartupsPerAddress: Int
    /// How long a connection may stay silent (no SSH version line) before it is closed.
    public var silenceTimeout: Duration
    /// How long an address is refused after one of its connections went nowhere (doubling while it goes on,
    /// up to 10 minutes); zero: never.
    public var sourcePenalty: Duration
    /// Browsers starting at once (spawned, first page not yet painted); more sessions wait their turn
    /// (`StartGate`).
    public var maxStarting: Int
    /// What each browser may use (memory, CPU, files), enforced by the kernel; nil: no budget.
    public var budget: SessionBudget?

    public init(
        maxSessions: Int = 32, maxSessionsPerAddress: Int = 8, idleTimeout: Duration = .seconds(15 * 60), maxSessionTime: Duration = .seconds(2 * 3600),
        connectionsPerMinute: Int = 20, loginGraceTime: Duration = .seconds(30), maxStartups: Int = 1024,
        maxStartupsPerAddress: Int = 32, silenceTimeout: Duration = .seconds(10), sourcePenalty: Duration = .seconds(10),
        maxStarting: Int = 8, budget: SessionBudget? = SessionBudget()
    ) {
        self.maxSessions = maxSessions
        self.maxSessionsPerAddress = maxSessionsPerAddress
        self.idleTimeout = idleTimeout
        self.maxSessionTime = maxSessionTime
        self.connectionsPerMinute = connectionsPerMinute
        self.loginGraceTime = loginGraceTime
        self.maxStartups = maxStartups
        self.maxStartupsPerAddress = maxStartupsPerAddress
        self.silenceTimeout = silenceTimeout
        self.sourcePenalty = sourcePenalty
        self.maxStarting = maxStarting
        self.budget = budget
    }
}

/// Live sessions and recent connections: the door (penalties, the per-address rate, connections without a
/// session yet), the session count, and every session at shutdown.
final class SessionRegistry: Sendable {
    /// What `admit` decided for a new connection.
    enum Door {
        /// Let in, as this connection; `closing` was taken out of the startups to make room and is to be closed.
        case admitted(ConnectionInfo, closing: (any Channel)?)
        /// Closed at once.
        case refused(Refusal)
    }

    /// Why a connection was closed at the door.
    enum Refusal: String, Sendable {
        /// Its address is penalized (its connections went nowhere).
        case penalized
        /// Its address opened more than `connectionsPerMinute` this minute.
        case rate
        /// Its address holds `maxStartupsPerAddress` connections without a session already.
        case startups

        /// How the metrics count it.
        var metric: SSHMetrics.Refusal {
            switch self {
            case .penalized: .penalized
            case .rate: .rate
            case .startups: .startups
            }
        }
    }

    /// What `add` decided for a session.
    enum Seat: Equatable {
        case taken
        /// Every seat is taken.
        case full
        /// Its connection holds a session already: one per connection.
        case connectionHasOne
        /// Its address holds `maxSessionsPerAddress` already.
        case addressFull
    }

    private struct State {
        var sessions: [ObjectIdentifier: SessionHandler] = [:]
        /// Which connection and source each session counts against.
        var holders: [ObjectIdentifier: (connection: Int, source: String)] = [:]
        var perConnection: Set<Int> = []
        var perSource: [String: Int] = [:]
        var connections: [String: [ContinuousClock.Instant]] = [:]
        var startups: StartupTable
        /// The channel of each startup, to close the one that makes room.
        var startupChannels: [Int: any Channel] = [:]
        var penalties: SourcePenalties
        var nextID = 0
    }

    let limits: SessionLimits
    let metrics: SSHMetrics
    /// Where sessions wait for their browser to start while `limits.maxStarting` are starting.
    let starts: StartGate
    private let state: NIOLockedValueBox<State>

    init(limits: SessionLimits, metrics: SSHMetrics = SSHMetrics()) {
        self.limits = limits
        self.metrics = metrics
        starts = StartGate(limit: limits.maxStarting)
        state = NIOLockedValueBox(
            State(
                startups: StartupTable(capacity: limits.maxStartups, perAddress: limits.maxStartupsPerAddress),
                penalties: SourcePenalties(base: limits.sourcePenalty)))
    }

    /// The door: a connection from `address` on `channel` is let in (counted as a startup until its first
    /// session) or refused. Addresses are checked in order of cost: penalty, rate, startups.
    func admit(from address: String, channel: any Channel, now: ContinuousClock.Instant = .now) -> Door {
        let source = SourceKey.of(address)
        let (door, startups) = state.withLockedValue { state -> (Door, Int) in
            guard !state.penalties.isPenalized(source, at: now) else { return (.refused(.penalized), state.startups.count) }
            var recent = (state.connections[source] ?? []).filter { now - $0 < .seconds(60) }
            guard recent.count < limits.connectionsPerMinute else { return (.refused(.rate), state.startups.count) }
            state.nextID += 1
            let id = state.nextID
            let admission = state.startups.admit(id: id, from: source, at: now)
            if admission == .refused { return (.refused(.startups), state.startups.count) }
            recent.append(now)
            state.connections[source] = recent
            if state.connections.count > 10_000 {
                state.connections = state.connections.filter { $0.value.contains { now - $0 < .seconds(60) } }
            }
            state.startupChannels[id] = channel
            var closing: (any Channel)?
            if case .admittedClosing(let victim) = admission {
                closing = state.startupChannels.removeValue(forKey: victim.id)
                state.penalties.penalize(victim.address, at: now)
            }
            return (.admitted(ConnectionInfo(id: id, address: address, source: source, now: now), closing: closing), state.startups.count)
        }
        switch door {
        case .refused(let refusal): metrics.refused(refusal.metric)
        case .admitted(_, let closing) where closing != nil: metrics.refused(.room)
        case .admitted: break
        }
        metrics.startups.set(startups)
        return door
    }

    /// A connection let in by `admit` got its first session, or closed. `penalize`: it went nowhere (said
    /// nothing, or no session within the grace time) and was closed for it.
    func endStartup(_ connection: ConnectionInfo, penalize: Bool = false, now: ContinuousClock.Instant = .now) {
        let startups = state.withLockedValue { state in
            state.startups.remove(id: connection.id, from: connection.source)
            state.startupChannels[connection.id] = nil
            if penalize { state.penalties.penalize(connection.source, at: now) }
            return state.startups.count
        }
        metrics.startups.set(startups)
    }

    /// Connections without a session yet.
    var startupCount: Int { state.withLockedValue { $0.startups.count } }

    /// Gives `session` of `connection` a seat, unless every seat is taken, its connection holds one already
    /// (one browser per SSH connection: a client multiplexing channels over one connection gets one seat), or
    /// its address holds its share (`maxSessionsPerAddress`).
    func add(_ session: SessionHandler, of connection: ConnectionInfo) -> Seat {
        let seat = state.withLockedValue { state -> Seat in
            guard !state.perConnection.contains(connection.id) else { return .connectionHasOne }
            guard state.perSource[connection.source, default: 0] < limits.maxSessionsPerAddress else { return .addressFull }
            guard state.sessions.count < limits.maxSessions else { return .full }
            let key = ObjectIdentifier(session)
            state.sessions[key] = session
            state.holders[key] = (connection.id, connection.source)
            state.perConnection.insert(connection.id)
            state.perSource[connection.source, default: 0] += 1
            return .taken
        }
        switch seat {
        case .taken:
            metrics.started.increment()
            metrics.live.increment()
        case .full: metrics.refused(.full)
        case .connectionHasOne: metrics.refused(.perConnection)
        case .addressFull: metrics.refused(.perAddress)
        }
        return seat
    }

    func remove(_ session: SessionHandler) {
        let removed = state.withLockedValue { state -> SessionHandler? in
            let key = ObjectIdentifier(session)
            if let holder = state.holders.removeValue(forKey: key) {
                state.perConnection.remove(holder.connection)
                let left = state.perSource[holder.source, default: 1] - 1
                state.perSource[holder.source] = left > 0 ? left : nil
            }
            return state.sessions.removeValue(forKey: key)
        }
        if removed != nil { metrics.live.decrement() }
    }

    var count: Int { state.withLockedValue { $0.sessions.count } }

    var all: [SessionHandler] { state.withLockedValue { Array($0.sessions.values) } }
}

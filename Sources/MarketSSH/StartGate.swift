import NIOConcurrencyHelpers

/// How many browsers may be starting at once — spawned, first page not yet painted. A browser's start is the
/// costly part of a session (≈ 26 ms of CPU, the front's handshake besides); a burst of them (a crowd arriving,
/// the visitors of a lost front coming back at once) would otherwise share the cores with every running
/// session's keys, and the front's own event loops would get one share among hundreds. Past `limit`,
/// sessions wait here in arrival order, their seats already taken; each leaves on its first page, its exit,
/// or `patience` after it started, whichever comes first (`Ticket.leave`, once).
final class StartGate: Sendable {
    /// One session's place: held from when it may start until it leaves; leaving twice is leaving once.
    final class Ticket: Sendable {
        private let gate: StartGate
        private let left = NIOLockedValueBox(false)

        fileprivate init(gate: StartGate) {
            self.gate = gate
        }

        /// The session is done starting (or gave up): the next one waiting may start.
        func leave() {
            let first = left.withLockedValue { left -> Bool in
                defer { left = true }
                return !left
            }
            if first { gate.release() }
        }
    }

    private struct State {
        var starting = 0
        var waiting: [@Sendable (Ticket) -> Void] = []
    }

    let limit: Int
    /// How long a start holds its place at most (a browser that never reports its first page).
    let patience: Duration
    private let state = NIOLockedValueBox(State())

    init(limit: Int, patience: Duration = .seconds(5)) {
        self.limit = max(1, limit)
        self.patience = patience
    }

    /// Runs `start` with a ticket now when fewer than `limit` are starting, else once enough have left (on the
    /// thread of the one that left: `start` hops to its own event loop). Returns whether it ran at once.
    @discardableResult
    func enter(_ start: @escaping @Sendable (Ticket) -> Void) -> Bool {
        let now = state.withLockedValue { state -> Bool in
            if state.starting < limit, state.waiting.isEmpty {
                state.starting += 1
                return true
            }
            state.waiting.append(start)
            return false
        }
        if now { start(Ticket(gate: self)) }
        return now
    }

    /// Browsers starting now, and sessions waiting to.
    var counts: (starting: Int, waiting: Int) {
        state.withLockedValue { ($0.starting, $0.waiting.count) }
    }

    private func release() {
        let next = state.withLockedValue { state -> (@Sendable (Ticket) -> Void)? in
            guard !state.waiting.isEmpty else {
                state.starting -= 1
                return nil
            }
            return state.waiting.removeFirst()  // its place passes on: `starting` stays
        }
        next?(Ticket(gate: self))
    }
}

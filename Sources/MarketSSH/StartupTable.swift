/// Connections that have no session yet ("startups"), by the address they come from: how many there are,
/// and which one to close to make room when they are as many as allowed.
///
/// OpenSSH's MaxStartups refuses newcomers once full (or drops them at random past a threshold), so a few
/// hundred sockets that never say anything keep every visitor out until their grace time ends. Here the
/// newcomer is always let in, and the connection closed to make room is the oldest one from the address
/// holding the most startups: a visitor's single connection is the last to go while any address holds two,
/// and among equals the oldest goes first (a real handshake takes milliseconds; a silent socket is old).
/// Only an address already holding `perAddress` startups is refused outright.
///
/// A plain value: every order of arrivals and departures can be tested with made-up instants.
struct StartupTable: Sendable {
    /// One connection without a session yet.
    struct Entry: Equatable, Sendable {
        let id: Int
        let address: String
        let since: ContinuousClock.Instant
    }

    /// What `admit` decided.
    enum Admission: Equatable, Sendable {
        /// Let in; there was room.
        case admitted
        /// Let in; `Entry` was taken out of the table to make room and is to be closed.
        case admittedClosing(Entry)
        /// The address holds `perAddress` startups already.
        case refused
    }

    /// Startups at once, in all.
    let capacity: Int
    /// Startups one address may hold at once.
    let perAddress: Int
    /// Oldest first, per address.
    private var byAddress: [String: [Entry]] = [:]
    /// Startups now.
    private(set) var count = 0

    init(capacity: Int, perAddress: Int) {
        precondition(capacity >= 1 && perAddress >= 1)
        self.capacity = capacity
        self.perAddress = perAddress
    }

    /// Startups held by `address`.
    func count(of address: String) -> Int { byAddress[address]?.count ?? 0 }

    /// Admits connection `id` from `address`, making room if needed.
    mutating func admit(id: Int, from address: String, at now: ContinuousClock.Instant) -> Admission {
        guard count(of: address) < perAddress else { return .refused }
        var closing: Entry?
        if count >= capacity, let victim = victim() {
            remove(id: victim.id, from: victim.address)
            closing = victim
        }
        byAddress[address, default: []].append(Entry(id: id, address: address, since: now))
        count += 1
        return closing.map(Admission.admittedClosing) ?? .admitted
    }

    /// Takes connection `id` out (it got its first session, or closed); false when it was not in.
    @discardableResult
    mutating func remove(id: Int, from address: String) -> Bool {
        guard var entries = byAddress[address], let index = entries.firstIndex(where: { $0.id == id }) else { return false }
        entries.remove(at: index)
        byAddress[address] = entries.isEmpty ? nil : entries
        count -= 1
        return true
    }

    /// The one to close to make room: the oldest startup of the address holding the most; among addresses
    /// holding as many, the one whose oldest is oldest.
    func victim() -> Entry? {
        var best: Entry?
        var bestCount = 0
        for entries in byAddress.values {
            guard let oldest = entries.first else { continue }
            if entries.count > bestCount || (entries.count == bestCount && oldest.since < best!.since) {
                best = oldest
                bestCount = entries.count
            }
        }
        return best
    }
}

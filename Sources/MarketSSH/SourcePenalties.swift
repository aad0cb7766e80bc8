/// Addresses that are refused for a while because their connections went nowhere: closed for saying nothing
/// by their deadline, or closed to make room for others (OpenSSH's PerSourcePenalties, in small). Each new
/// penalty of an address doubles its last one, up to `maximum`; an address that behaves for `maximum` starts
/// again from `base`. At most `maxAddresses` are remembered (the oldest penalties are forgotten first), so the
/// table's memory is bounded whatever the number of addresses.
///
/// A plain value, tested with made-up instants.
struct SourcePenalties: Sendable {
    private struct Penalty: Sendable {
        var until: ContinuousClock.Instant
        var length: Duration
    }

    let base: Duration
    let maximum: Duration
    let maxAddresses: Int
    private var penalties: [String: Penalty] = [:]

    init(base: Duration, maximum: Duration = .seconds(600), maxAddresses: Int = 65_536) {
        self.base = base
        self.maximum = max(base, maximum)
        self.maxAddresses = maxAddresses
    }

    /// Addresses remembered now.
    var count: Int { penalties.count }

    /// Whether `address` is refused at `now`.
    func isPenalized(_ address: String, at now: ContinuousClock.Instant) -> Bool {
        guard let penalty = penalties[address] else { return false }
        return now < penalty.until
    }

    /// Penalizes `address` from `now` on; returns how long it is refused. A zero base penalizes nobody.
    @discardableResult
    mutating func penalize(_ address: String, at now: ContinuousClock.Instant) -> Duration {
        guard base > .zero else { return .zero }
        var length = base
        if let last = penalties[address], now - last.until < maximum {
            // Still penalized, or not long since: twice the last.
            length = min(maximum, last.length * 2)
            if now < last.until { length = max(length, last.length) }
        }
        penalties[address] = Penalty(until: now + length, length: length)
        if penalties.count > maxAddresses { forgetOldest(at: now) }
        return length
    }

    /// Forgets penalties that ended long ago, then, while still over the bound, those ending soonest.
    private mutating func forgetOldest(at now: ContinuousClock.Instant) {
        penalties = penalties.filter { now - $0.value.until < maximum }
        guard penalties.count > maxAddresses else { return }
        let ordered = penalties.sorted { $0.value.until < $1.value.until }
        for (address, _) in ordered.prefix(penalties.count - maxAddresses * 3 / 4) { penalties[address] = nil }
    }
}

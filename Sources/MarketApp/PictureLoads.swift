/// Which pictures of one kind (half-block cells, or the terminal's own graphics) are being loaded, which
/// failed and when each may be asked for again. SwiftNIO's way: a value whose mutating methods take what a
/// frame wants, a load's result, or the time, and return what to do — the loop only carries it out.
///
/// One retry policy for every kind: a failed picture keeps its placeholder and is asked for again after
/// `RetryPolicy.first`, then twice as long each time it fails again, up to `RetryPolicy.longest`. Times are
/// offsets on the loop's injected clock.
struct PictureLoads<Key: Hashable & Sendable>: Sendable {
    /// What the loop is to do.
    enum Action: Hashable, Sendable {
        /// Load this picture.
        case start(Key)
        /// Stop loading it: no frame wants it any more.
        case cancel(Key)
        /// A failed picture will be due after this long: draw a frame then, so that it is asked for again.
        case wake(after: Duration)
    }

    /// When a failed picture is asked for again.
    struct RetryPolicy: Sendable, Equatable {
        /// After the first failure.
        var first: Duration = .seconds(3)
        /// The longest wait, however many times it failed.
        var longest: Duration = .seconds(60)

        /// The wait after `failures` failures in a row (at least one).
        func delay(afterFailures failures: Int) -> Duration {
            let doublings = min(max(failures - 1, 0), 20)
            return min(longest, first * (1 << doublings))
        }
    }

    private enum Phase: Equatable {
        /// A load is under way; `failures` before it.
        case loading(failures: Int)
        /// The last load failed at `at`, after `failures` in a row.
        case failed(failures: Int, at: Duration)
    }

    private var phases: [Key: Phase] = [:]
    let policy: RetryPolicy

    init(policy: RetryPolicy = RetryPolicy()) {
        self.policy = policy
    }

    /// Whether a load of `key` is under way (its result not taken yet).
    func isLoading(_ key: Key) -> Bool {
        if case .loading = phases[key] { true } else { false }
    }

    /// How many pictures are loading or waiting to be asked for again.
    var tracked: Int { phases.count }

    /// A frame wants `keys` (most urgent first), of which those `have` says are at hand need nothing, at
    /// `now`. Loads no longer wanted are cancelled; failed pictures are asked for again once due, and a
    /// wake is asked for the first one not due yet.
    mutating func want(_ keys: [Key], have: (Key) -> Bool, now: Duration) -> [Action] {
        // Nothing loading or failed, and every picture at hand: most frames, decided without a set of the keys.
        if phases.isEmpty, keys.allSatisfy(have) { return [] }
        var actions: [Action] = []
        let wanted = Set(keys)
        for (key, phase) in phases where !wanted.contains(key) {
            switch phase {
            case .loading:
                phases[key] = nil
                actions.append(.cancel(key))
            case .failed(let failures, let at):
                // Forgotten once due: a picture scrolled back to is tried again then anyway.
                if now - at >= policy.delay(afterFailures: failures) { phases[key] = nil }
            }
        }
        var nextDue: Duration?
        for key in keys {
            if have(key) {
                phases[key] = nil
                continue
            }
            switch phases[key] {
            case nil:
                phases[key] = .loading(failures: 0)
                actions.append(.start(key))
            case .loading:
                break
            case .failed(let failures, let at):
                let due = at + policy.delay(afterFailures: failures)
                if now >= due {
                    phases[key] = .loading(failures: failures)
                    actions.append(.start(key))
                } else {
                    nextDue = min(nextDue ?? due, due)
                }
            }
        }
        if let nextDue { actions.append(.wake(after: nextDue - now)) }
        return actions
    }

    /// The load of `key` brought its picture.
    mutating func loaded(_ key: Key) {
        phases[key] = nil
    }

    /// The load of `key` failed at `now`. A failure of a load no longer under way (cancelled, or replaced)
    /// changes nothing. Returns the wake for its retry.
    mutating func failed(_ key: Key, now: Duration) -> [Action] {
        guard case .loading(let failures) = phases[key] else { return [] }
        phases[key] = .failed(failures: failures + 1, at: now)
        return [.wake(after: policy.delay(afterFailures: failures + 1))]
    }
}

import Foundation
import NIOConcurrencyHelpers

/// How many writes one client address may make a minute: a sliding window of the last minute's writes per
/// address. The addresses kept are pruned as they go quiet, so an attacker's many addresses cost little.
final class WriteRate: Sendable {
    let perMinute: Int
    private let recent = NIOLockedValueBox<[String: [Date]]>([:])

    init(perMinute: Int) {
        self.perMinute = perMinute
    }

    /// Counts a write from `address` at `now`; false (not counted) when the address made `perMinute` in the
    /// minute before. Returns the seconds until it may write again with a refusal.
    func admit(_ address: String, at now: Date) -> (admitted: Bool, retryAfter: Int) {
        recent.withLockedValue { recent in
            var times = (recent[address] ?? []).filter { now.timeIntervalSince($0) < 60 }
            if recent.count > 10_000 { recent = recent.filter { $0.value.contains { now.timeIntervalSince($0) < 60 } } }
            guard times.count < perMinute else {
                recent[address] = times
                return (false, max(1, Int((60 - now.timeIntervalSince(times[0])).rounded(.up))))
            }
            times.append(now)
            recent[address] = times
            return (true, 0)
        }
    }
}

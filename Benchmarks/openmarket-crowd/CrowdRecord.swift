import Foundation
import NIOConcurrencyHelpers

/// What the visitors saw, gathered from every event loop. Times are seconds since the first arrival.
final class CrowdRecord: Sendable {
    struct Figures: Sendable {
        /// (visitor, connected, connect → the marker, connect → the page's last byte before a quiet spell)
        var firstPages: [(Int, Double, Double, Double?)] = []
        /// (visitor, sent, key → first byte after it, key → the answer's last byte before a quiet spell)
        var keys: [(Int, Double, Double, Double?)] = []
        /// (when, how late) a 20 ms timer on each event loop woke
        var lags: [(Double, Double)] = []
        var failures: [String: Int] = [:]
        var cutVisitors = Set<Int>()
        var goodbyes = 0
        var live = 0
        var peak = 0
        var bytes = 0
    }

    let start: ContinuousClock.Instant
    private let box = NIOLockedValueBox(Figures())

    init(start: ContinuousClock.Instant) { self.start = start }

    func seconds(_ instant: ContinuousClock.Instant) -> Double { (instant - start).inSeconds }

    func update(_ change: (inout Figures) -> Void) { box.withLockedValue(change) }

    var figures: Figures { box.withLockedValue { $0 } }
}

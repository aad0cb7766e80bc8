import Foundation
import MarketFeatures
import OpenMarketAPI
import TerminalUI

/// The command palette with 10,000 products loaded: the time to open it, and to update its list for each
/// letter typed or erased (the whole reducer step: match, rank, keep the best 100) — p50 and p99. The peer,
/// in the same run: a plain case-insensitive substring filter (Foundation's `range(of:options:)`) over the
/// same names for the same lines, which neither ranks nor matches scattered letters.
enum PaletteBench {
    static let queries = ["mug", "blue", "kbd", "tea set", "ordr", "zzq", "product 9", "p 77"]

    static func run() throws -> [String] {
        var all = try FrameBench.products(10_000)
        // Names as a market's are: many words, some shared, Korean and English.
        let things = ["Blue Mug", "Tea Set", "Mechanical Keyboard", "프리미엄 운동화", "Desk Lamp", "Green Tea", "무접점 키보드", "Notebook", "Wool Scarf", "Coffee Grinder"]
        let kinds = ["Classic", "Mini", "Vintage", "Seoul", "Deluxe", "한정판", "Travel", "Pro"]
        for i in all.indices { all[i].name = "\(kinds[(i / things.count) % kinds.count]) \(things[i % things.count]) \(all[i].id)" }
        let base = FrameBench.state(all, kind: .list)
        var opens: [Double] = []
        for _ in 0..<30 {
            var state = base
            let t0 = ContinuousClock.now
            _ = state.handle(.keyPressed(.character(":")))
            opens.append(BenchTiming.seconds(ContinuousClock.now - t0) * 1000)
        }
        var updates: [Double] = []
        for _ in 0..<5 {
            var state = base
            _ = state.handle(.keyPressed(.character(":")))
            for query in queries {
                for c in query {
                    let t0 = ContinuousClock.now
                    _ = state.handle(.keyPressed(.character(c)))
                    updates.append(BenchTiming.seconds(ContinuousClock.now - t0) * 1000)
                }
                for _ in query {
                    let t0 = ContinuousClock.now
                    _ = state.handle(.keyPressed(.backspace))
                    updates.append(BenchTiming.seconds(ContinuousClock.now - t0) * 1000)
                }
            }
        }
        let names = all.map(\.name)
        var peer: [Double] = []
        var kept = 0
        for _ in 0..<5 {
            for query in queries {
                for length in Array(1...query.count) + Array((0..<query.count).reversed()) {
                    let line = String(query.prefix(length))
                    let t0 = ContinuousClock.now
                    kept &+= line.isEmpty ? names.count : names.filter { $0.range(of: line, options: .caseInsensitive) != nil }.count
                    peer.append(BenchTiming.seconds(ContinuousClock.now - t0) * 1000)
                }
            }
        }
        let p = FrameBench.percentile
        let f = FrameBench.f
        return [
            "| 10,000 products loaded | steps | p50 ms | p99 ms |", "|---|---|---|---|",
            "| open the palette (`:`) | \(opens.count) | \(f(p(opens, 0.5))) | \(f(p(opens, 0.99))) |",
            "| a letter typed or erased: fuzzy match, rank, best 100 | \(updates.count) | \(f(p(updates, 0.5))) | \(f(p(updates, 0.99))) |",
            "| peer: substring filter, no ranking (same lines) | \(peer.count) | \(f(p(peer, 0.5))) | \(f(p(peer, 0.99))) |",
            "", "(\(kept) names kept by the peer in all; the goal is an update within 16 ms, one frame at 60 Hz)",
        ]
    }
}

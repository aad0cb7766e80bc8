/// Runs a body in rounds and reports the median rate.
enum BenchTiming {
    /// Per-second rate of `iterations` calls of `body`, median over `rounds`.
    static func medianRate(rounds: Int = 5, iterations: Int, _ body: () throws -> Void) rethrows -> Double {
        var rates: [Double] = []
        for _ in 0..<rounds {
            let start = ContinuousClock.now
            for _ in 0..<iterations { try body() }
            rates.append(Double(iterations) / seconds(ContinuousClock.now - start))
        }
        return median(rates)
    }

    static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }
}

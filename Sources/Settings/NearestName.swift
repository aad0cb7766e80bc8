/// The valid name a mistyped one was most likely meant to be: the one fewest edits away (insertions,
/// deletions, substitutions and swaps of neighbours), if it is close enough to be a typo.
public enum NearestName {
    /// The nearest of `names` to `typed`, or nil when none is within a third of its length (at least 2 edits).
    public static func among(_ names: [String], to typed: String) -> String? {
        let limit = max(2, typed.count / 3)
        let scored = names.map { ($0, distance(Array(typed.lowercased()), Array($0.lowercased()))) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= limit else { return nil }
        return best.0
    }

    /// Optimal string alignment distance between two strings.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}

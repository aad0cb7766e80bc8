/// The number of edits between two words, counted as Meilisearch counts typos: a letter inserted, deleted,
/// replaced, or two neighbours swapped (the optimal string alignment distance) — on search letters, so a
/// wrong Hangul vowel is one edit.
public enum EditDistance {
    /// The distance between `query` and `word` when it is at most `limit`, else nil. With `prefix`, the
    /// distance between `query` and the closest start of `word` (the word being typed so far).
    /// `scratch` is reused between calls.
    public static func within(
        _ query: UnsafeBufferPointer<UInt32>, _ word: UnsafeBufferPointer<UInt32>, limit: Int, prefix: Bool,
        scratch: inout [Int]
    ) -> Int? {
        let m = query.count
        let n = word.count
        if !prefix, abs(n - m) > limit { return nil }
        if prefix, n + limit < m { return nil }
        let width = m + 1
        if scratch.count < 3 * width { scratch = Array(repeating: 0, count: 3 * width) }
        return scratch.withUnsafeMutableBufferPointer { rows -> Int? in
            // Rows i-2, i-1 and i, in turn.
            var before = 0, previous = width, current = 2 * width
            for j in 0...m { rows[previous + j] = j }
            var best = prefix ? m : Int.max
            let lastRow = prefix ? min(n, m + limit) : n
            if lastRow == 0 { return best <= limit ? best : nil }
            for i in 1...lastRow {
                let letter = word[i - 1]
                rows[current] = i
                var rowLeast = i
                if m > 0 {
                    for j in 1...m {
                        var cost = rows[previous + j - 1] + (query[j - 1] == letter ? 0 : 1)
                        let deletion = rows[previous + j] + 1
                        let insertion = rows[current + j - 1] + 1
                        if deletion < cost { cost = deletion }
                        if insertion < cost { cost = insertion }
                        if i > 1, j > 1, query[j - 1] == word[i - 2], query[j - 2] == letter {
                            let swap = rows[before + j - 2] + 1
                            if swap < cost { cost = swap }
                        }
                        rows[current + j] = cost
                        if cost < rowLeast { rowLeast = cost }
                    }
                }
                if prefix, rows[current + m] < best { best = rows[current + m] }
                if rowLeast > limit { return prefix && best <= limit ? best : nil }
                (before, previous, current) = (previous, current, before)
            }
            let result = prefix ? best : rows[previous + m]
            return result <= limit ? result : nil
        }
    }

    /// `within` on arrays (tests, the client's marks).
    public static func within(_ query: [UInt32], _ word: [UInt32], limit: Int, prefix: Bool) -> Int? {
        var scratch: [Int] = []
        return query.withUnsafeBufferPointer { q in
            word.withUnsafeBufferPointer { w in within(q, w, limit: limit, prefix: prefix, scratch: &scratch) }
        }
    }
}

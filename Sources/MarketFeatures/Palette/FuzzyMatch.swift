/// How well a typed pattern matches a text, fzf-style: the pattern's characters appear in the text in order,
/// any case; a match at the start of the text or of a word, or right after the one before, scores more, and
/// every character skipped between two matches scores less. `positions` are the matched characters (Unicode
/// scalars' indices), for marking them.
public struct FuzzyMatch: Sendable, Equatable {
    public var score: Int
    public var positions: [Int]

    public init(score: Int, positions: [Int]) {
        self.score = score
        self.positions = positions
    }

    /// A text prepared once for many patterns: its scalars lowercased, and which of them start a word.
    public struct Candidate: Sendable, Equatable {
        let folded: [UInt32]
        let wordStarts: [Bool]

        public init(_ text: String) {
            let scalars = Array(text.unicodeScalars)
            folded = scalars.map { FuzzyMatch.fold($0) }
            var starts: [Bool] = []
            starts.reserveCapacity(scalars.count)
            for index in scalars.indices {
                let c = scalars[index]
                let word = c.properties.isAlphabetic || c.properties.numericType != nil
                if index == 0 {
                    starts.append(true)
                } else {
                    let p = scalars[index - 1]
                    let previousWord = p.properties.isAlphabetic || p.properties.numericType != nil
                    starts.append(word && (!previousWord || (p.properties.isLowercase && c.properties.isUppercase)))
                }
            }
            wordStarts = starts
        }
    }

    static let matchScore = 16
    static let wordStartBonus = 10
    static let firstBonus = 8
    static let consecutiveBonus = 12
    static let gapPenalty = 2
    static let leadPenaltyMost = 8

    /// A scalar as patterns and texts are compared: lowercased when it has one lowercase scalar.
    static func fold(_ scalar: Unicode.Scalar) -> UInt32 {
        let lower = scalar.properties.lowercaseMapping.unicodeScalars
        return lower.count == 1 ? lower.first!.value : scalar.value
    }

    /// A typed pattern, folded as texts are.
    public static func pattern(_ text: String) -> [UInt32] { text.unicodeScalars.map(fold) }

    /// The best-scoring way `pattern` appears in `candidate`, or nil when it does not. An empty pattern
    /// matches everything with score 0.
    public static func match(_ pattern: [UInt32], in candidate: Candidate) -> FuzzyMatch? {
        let m = pattern.count
        guard m > 0 else { return FuzzyMatch(score: 0, positions: []) }
        let text = candidate.folded
        let n = text.count
        guard m <= n else { return nil }
        // Rejected at once when the pattern is not a subsequence at all (most texts, for most patterns).
        var p = 0
        for c in text where c == pattern[p] {
            p += 1
            if p == m { break }
        }
        guard p == m else { return nil }
        let none = Int.min / 4
        // best[j][i]: the best score with pattern[j] matched at text[i]; from[j][i]: where pattern[j-1] was.
        var best = [Int](repeating: none, count: m * n)
        var from = [Int](repeating: -1, count: m * n)
        for j in 0..<m {
            // carry: the best of best[j-1][k] − gap × (i−1−k) over k ≤ i−2, and its k.
            var carry = none
            var carryIndex = -1
            let row = j * n
            let above = (j - 1) * n
            for i in j..<n {
                if j > 0, i >= 2 {
                    let candidate = best[above + i - 2]
                    let decayed = carry > none ? carry - gapPenalty : none
                    if candidate > none, candidate - gapPenalty >= decayed {
                        carry = candidate - gapPenalty
                        carryIndex = i - 2
                    } else {
                        carry = decayed
                    }
                }
                guard text[i] == pattern[j] else { continue }
                let own = matchScore + (candidate.wordStarts[i] ? wordStartBonus : 0) + (i == 0 ? firstBonus : 0)
                if j == 0 {
                    best[row + i] = own - min(i, leadPenaltyMost)
                    continue
                }
                let adjacent = best[above + i - 1] > none ? best[above + i - 1] + consecutiveBonus : none
                if adjacent > none, adjacent >= carry {
                    best[row + i] = own + adjacent
                    from[row + i] = i - 1
                } else if carry > none {
                    best[row + i] = own + carry
                    from[row + i] = carryIndex
                }
            }
        }
        var end = -1
        var top = none
        let last = (m - 1) * n
        for i in (m - 1)..<n where best[last + i] > top {
            top = best[last + i]
            end = i
        }
        guard end >= 0 else { return nil }
        var positions = [Int](repeating: 0, count: m)
        var i = end
        for j in stride(from: m - 1, through: 0, by: -1) {
            positions[j] = i
            i = from[j * n + i]
        }
        return FuzzyMatch(score: top, positions: positions)
    }
}

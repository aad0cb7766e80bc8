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
            var folded: [UInt32] = []
            var starts: [Bool] = []
            folded.reserveCapacity(text.utf8.count)
            starts.reserveCapacity(text.utf8.count)
            var previousWord = false
            var previousLower = false
            for scalar in text.unicodeScalars {
                let (fold, word, lower, upper) = FuzzyMatch.classify(scalar)
                starts.append(word && (!previousWord || (previousLower && upper)))
                folded.append(fold)
                previousWord = word
                previousLower = lower
            }
            self.folded = folded
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
    static func fold(_ scalar: Unicode.Scalar) -> UInt32 { classify(scalar).fold }

    /// A scalar's folded value, whether it is part of a word (a letter or a digit), and its case — ASCII
    /// without looking anything up (most of what is typed and most names), the rest through Unicode's tables.
    static func classify(_ scalar: Unicode.Scalar) -> (fold: UInt32, word: Bool, lower: Bool, upper: Bool) {
        let v = scalar.value
        if v < 0x80 {
            if v >= 0x41 && v <= 0x5A { return (v + 0x20, true, false, true) }
            if v >= 0x61 && v <= 0x7A { return (v, true, true, false) }
            return (v, v >= 0x30 && v <= 0x39, false, false)
        }
        // Hangul syllables (most Korean names): letters without case.
        if v >= 0xAC00 && v <= 0xD7A3 { return (v, true, false, false) }
        let properties = scalar.properties
        let lower = properties.lowercaseMapping.unicodeScalars
        let fold = lower.count == 1 ? lower.first!.value : v
        return (fold, properties.isAlphabetic || properties.numericType != nil, properties.isLowercase, properties.isUppercase)
    }

    /// Room for the scoring's tables, kept between matches so that a keystroke over 10,000 texts does not
    /// allocate 20,000 arrays.
    public struct Scratch: Sendable {
        var best: [Int] = []
        var from: [Int] = []

        public init() {}

        mutating func reset(_ count: Int, none: Int) {
            if best.count < count {
                best = [Int](repeating: none, count: count)
                from = [Int](repeating: -1, count: count)
            } else {
                for i in 0..<count {
                    best[i] = none
                    from[i] = -1
                }
            }
        }
    }

    /// A typed pattern, folded as texts are.
    public static func pattern(_ text: String) -> [UInt32] { text.unicodeScalars.map(fold) }

    /// The best-scoring way `pattern` appears in `candidate`, or nil when it does not. An empty pattern
    /// matches everything with score 0.
    public static func match(_ pattern: [UInt32], in candidate: Candidate) -> FuzzyMatch? {
        var scratch = Scratch()
        return match(pattern, in: candidate, scratch: &scratch)
    }

    /// As `match(_:in:)`, scoring in `scratch`'s tables.
    public static func match(_ pattern: [UInt32], in candidate: Candidate, scratch: inout Scratch) -> FuzzyMatch? {
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
        scratch.reset(m * n, none: none)
        return scratch.best.withUnsafeMutableBufferPointer { best in
            scratch.from.withUnsafeMutableBufferPointer { from in
                score(pattern, text, candidate.wordStarts, best: best, from: from, none: none)
            }
        }
    }

    /// The scoring proper, over tables of at least `pattern.count × text.count` cells filled with `none`.
    private static func score(
        _ pattern: [UInt32], _ text: [UInt32], _ wordStarts: [Bool], best: UnsafeMutableBufferPointer<Int>,
        from: UnsafeMutableBufferPointer<Int>, none: Int
    ) -> FuzzyMatch? {
        let m = pattern.count
        let n = text.count
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
                let own = matchScore + (wordStarts[i] ? wordStartBonus : 0) + (i == 0 ? firstBonus : 0)
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

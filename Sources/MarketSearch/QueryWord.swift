/// One word of a query, ready to be matched against a text's words (`match`): its letters, its singular, whether
/// it may match the start of a word, whether it is initial consonants, and the typos it is forgiven.
public struct QueryWord: Sendable, Hashable {
    /// The folded search letters.
    public let letters: [UInt32]
    /// Its English singular when it looks plural.
    public let singular: [UInt32]?
    /// Whether it may match the start of a word: the query's last word while it is typed, and Hangul words
    /// (a Korean word carries its particle: 서울 finds 서울에서).
    public let allowsPrefix: Bool
    /// Whether it is only initial consonants (ㅁㄱㅋ): it matches the words whose syllables start with them.
    public let isInitials: Bool
    /// The typos it is forgiven (`TypoRule`).
    public let edits: Int

    /// A word of `letters`; `typedSoFar` when it is the query's last and the shopper may still be typing it.
    public init(letters: [UInt32], typedSoFar: Bool) {
        self.letters = letters
        self.singular = EnglishPlural.singular(letters)
        let hangul = letters.contains { Hangul.isHangul($0) }
        self.isInitials = !letters.isEmpty && letters.allSatisfy(Hangul.isInitial)
        self.allowsPrefix = typedSoFar || hangul
        self.edits = isInitials ? 0 : TypoRule.allowedEdits(forLength: letters.count)
    }

    /// How this word matches a text's word of `word` letters and `initials`, or nil. `scratch` is reused
    /// between calls. Cheap tests come first (a first letter, a length), so a pass over a vocabulary spends
    /// its time on the few words that can match.
    public func match(
        _ word: UnsafeBufferPointer<UInt32>, initials: UnsafeBufferPointer<UInt32>, scratch: inout [Int]
    ) -> MatchKind? {
        let m = letters.count
        if isInitials {
            guard initials.count >= m else { return nil }
            return letters.withUnsafeBufferPointer { q in Self.starts(initials, with: q) } ? .prefix : nil
        }
        let n = word.count
        return letters.withUnsafeBufferPointer { q -> MatchKind? in
            if n == m, Self.starts(word, with: q) { return .exact }
            if let singular, singular.count == n, singular.withUnsafeBufferPointer({ Self.starts(word, with: $0) }) {
                return .exact
            }
            if allowsPrefix, n > m, Self.starts(word, with: q) { return .prefix }
            let k = edits
            guard k > 0, n > 0, m > 0 else { return nil }
            if allowsPrefix ? n + k < m : abs(n - m) > k { return nil }
            // With k edits, one of the query's first k + 1 letters survives, within k places of where it was.
            var survives = false
            outer: for i in 0...min(k, m - 1) {
                for j in 0...min(i + k, n - 1) where q[i] == word[j] {
                    survives = true
                    break outer
                }
            }
            guard survives else { return nil }
            return EditDistance.within(q, word, limit: k, prefix: allowsPrefix, scratch: &scratch) != nil ? .typo : nil
        }
    }

    /// Whether `word` starts with `start` (or is it).
    @inline(__always)
    static func starts(_ word: UnsafeBufferPointer<UInt32>, with start: UnsafeBufferPointer<UInt32>) -> Bool {
        guard word.count >= start.count else { return false }
        for i in 0..<start.count where word[i] != start[i] { return false }
        return true
    }

    /// `match` on arrays (the client's marks, tests).
    public func match(_ word: [UInt32], initials: [UInt32] = []) -> MatchKind? {
        var scratch: [Int] = []
        return word.withUnsafeBufferPointer { w in
            initials.withUnsafeBufferPointer { i in match(w, initials: i, scratch: &scratch) }
        }
    }
}

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
    /// between calls.
    public func match(
        _ word: UnsafeBufferPointer<UInt32>, initials: UnsafeBufferPointer<UInt32>, scratch: inout [Int]
    ) -> MatchKind? {
        if isInitials {
            return initials.count >= letters.count && initials.prefix(letters.count).elementsEqual(letters)
                ? .prefix : nil
        }
        if word.elementsEqual(letters) { return .exact }
        if let singular, word.elementsEqual(singular) { return .exact }
        if allowsPrefix, word.count > letters.count, word.prefix(letters.count).elementsEqual(letters) {
            return .prefix
        }
        guard edits > 0 else { return nil }
        return letters.withUnsafeBufferPointer { query in
            EditDistance.within(query, word, limit: edits, prefix: allowsPrefix, scratch: &scratch) != nil
                ? .typo : nil
        }
    }

    /// `match` on arrays (the client's marks, tests).
    public func match(_ word: [UInt32], initials: [UInt32] = []) -> MatchKind? {
        var scratch: [Int] = []
        return word.withUnsafeBufferPointer { w in
            initials.withUnsafeBufferPointer { i in match(w, initials: i, scratch: &scratch) }
        }
    }
}

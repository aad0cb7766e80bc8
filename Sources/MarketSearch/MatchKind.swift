/// How well a query's word matched a text's word, best first: the word itself (or its singular or plural), the
/// start of it (the word being typed, a Hangul word with its particle, initial consonants), or the word with
/// typos.
public enum MatchKind: Int, Sendable, Comparable, CaseIterable {
    case exact = 0
    case prefix = 1
    case typo = 2

    public static func < (a: MatchKind, b: MatchKind) -> Bool { a.rawValue < b.rawValue }
}

/// A word of a text as search reads it: its letters folded (case, width, accents, compatibility forms), Hangul
/// taken apart into letters (`Hangul`), and where it stands in the text it came from.
public struct SearchWord: Sendable, Hashable {
    /// The folded letters and digits, as Unicode scalar values.
    public var letters: [UInt32]
    /// The initial consonants of its syllables when it is a Hangul word (머그컵: ᄆᄀᄏ), else empty.
    public var initials: [UInt32]
    /// The Unicode scalars of the source text it spans (offsets into `unicodeScalars`).
    public var range: Range<Int>
    /// Whether it follows the previous word with only a hyphen, an apostrophe, a dot or an underscore
    /// between them (yo-yo, USB-C): the parts are also searched as one word.
    public var joinsPrevious: Bool

    /// Whether its letters are Hangul: it may carry a particle (서울에서), so a query's word matches its start.
    public var isHangul: Bool { !initials.isEmpty }

    /// The letters as a string (for messages and tests).
    public var text: String {
        String(String.UnicodeScalarView(letters.compactMap(Unicode.Scalar.init)))
    }

    public init(letters: [UInt32], initials: [UInt32] = [], range: Range<Int>, joinsPrevious: Bool = false) {
        self.letters = letters
        self.initials = initials
        self.range = range
        self.joinsPrevious = joinsPrevious
    }
}

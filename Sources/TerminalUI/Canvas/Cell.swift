/// One screen cell: a grapheme and its style. A wide grapheme fills its cell and marks the next one
/// as its continuation, so every row always has exactly `width` cells.
public struct Cell: Hashable, Sendable {
    /// The grapheme shown; " " for blank. Empty for the right half of a wide grapheme.
    public var text: String
    public var style: CellStyle

    public init(_ text: String = " ", style: CellStyle = .plain) {
        self.text = text
        self.style = style
    }

    /// True for the right half of a wide grapheme.
    public var isContinuation: Bool { text.isEmpty }

    public static let blank = Cell()
}

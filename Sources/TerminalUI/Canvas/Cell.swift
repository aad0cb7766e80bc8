/// One screen cell: a grapheme and its style. A wide grapheme fills its cell and marks the next one
/// as its continuation, so every row always has exactly `width` cells.
///
/// Plain data: the grapheme is held inline (`Glyph`), so canvases of cells are filled, copied and compared as
/// memory, with nothing to retain or release.
public struct Cell: Hashable, Sendable {
    /// The grapheme shown, a space for blank; empty for the right half of a wide grapheme.
    public var glyph: Glyph
    public var style: CellStyle

    public init(_ text: String = " ", style: CellStyle = .plain) {
        glyph = text == " " ? .space : Glyph(text)
        self.style = style
    }

    public init(glyph: Glyph, style: CellStyle = .plain) {
        self.glyph = glyph
        self.style = style
    }

    /// The grapheme shown as text (" " for blank, empty for a continuation).
    public var text: String {
        get { glyph.text }
        set { glyph = Glyph(newValue) }
    }

    /// True for the right half of a wide grapheme.
    public var isContinuation: Bool { glyph.isEmpty }

    public static let blank = Cell(glyph: .space)
}

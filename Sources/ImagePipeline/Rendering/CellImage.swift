/// A picture as terminal cells: a glyph with a foreground and background colour index per cell.
///
/// For the colour palettes every glyph is `▀` (upper half block): the foreground paints the upper
/// pixel, the background the lower. For monochrome the glyph comes from a density ramp and both
/// colours are the terminal's default (`CellImage.defaultColor`).
public struct CellImage: Sendable, Equatable {
    /// The colour index meaning "the terminal's default colour".
    public static let defaultColor: Int16 = -1

    public let columns: Int
    public let rows: Int
    public let palette: PaletteKind
    /// Row-major glyphs.
    public var glyphs: [Unicode.Scalar]
    /// Row-major foreground colour indices (`defaultColor` for none).
    public var foreground: [Int16]
    /// Row-major background colour indices (`defaultColor` for none).
    public var background: [Int16]

    public init(
        columns: Int, rows: Int, palette: PaletteKind, glyphs: [Unicode.Scalar], foreground: [Int16],
        background: [Int16]
    ) {
        precondition(glyphs.count == columns * rows && foreground.count == glyphs.count && background.count == glyphs.count)
        self.columns = columns
        self.rows = rows
        self.palette = palette
        self.glyphs = glyphs
        self.foreground = foreground
        self.background = background
    }

    /// Bytes the image occupies: what the cache counts against its cost limit.
    public var cost: Int { glyphs.count * (MemoryLayout<Unicode.Scalar>.stride + 4) + 64 }

    /// The cell at column `x`, row `y`.
    public func cell(x: Int, y: Int) -> (glyph: Unicode.Scalar, foreground: Int16, background: Int16) {
        let i = y * columns + x
        return (glyphs[i], foreground[i], background[i])
    }
}

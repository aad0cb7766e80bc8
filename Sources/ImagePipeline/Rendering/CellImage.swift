import ImageCodec

/// A picture as terminal cells: a glyph with a foreground and background colour per cell.
///
/// For the colour palettes every glyph is `▀` (upper half block): the foreground paints the upper
/// pixel, the background the lower. A colour is a palette index (0–255), or for `.truecolor` a
/// 24-bit colour (`CellImage.direct`). For monochrome the glyph comes from a density ramp and both
/// colours are the terminal's default (`CellImage.defaultColor`).
public struct CellImage: Sendable, Equatable {
    /// The colour index meaning "the terminal's default colour".
    public static let defaultColor: Int32 = -1

    /// A 24-bit colour as a cell colour: above every palette index (bit 24 set).
    public static func direct(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Int32 {
        0x100_0000 | Int32(r) << 16 | Int32(g) << 8 | Int32(b)
    }

    /// True for a cell colour made by `direct`.
    public static func isDirect(_ color: Int32) -> Bool { color >= 0x100_0000 }

    /// The RGB of a cell colour: a direct colour's own, a palette index's xterm colour, black for the default.
    public static func rgb(of color: Int32) -> RGB {
        if isDirect(color) {
            return RGB(UInt8(truncatingIfNeeded: color >> 16), UInt8(truncatingIfNeeded: color >> 8), UInt8(truncatingIfNeeded: color))
        }
        return XtermPalette.rgb(Int(max(0, color)))
    }

    public let columns: Int
    public let rows: Int
    public let palette: PaletteKind
    /// Row-major glyphs.
    public var glyphs: [Unicode.Scalar]
    /// Row-major foreground colours (`defaultColor` for none).
    public var foreground: [Int32]
    /// Row-major background colours (`defaultColor` for none).
    public var background: [Int32]

    public init(
        columns: Int, rows: Int, palette: PaletteKind, glyphs: [Unicode.Scalar], foreground: [Int32],
        background: [Int32]
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
    public var cost: Int { glyphs.count * (MemoryLayout<Unicode.Scalar>.stride + 2 * MemoryLayout<Int32>.stride) + 64 }

    /// The cell at column `x`, row `y`.
    public func cell(x: Int, y: Int) -> (glyph: Unicode.Scalar, foreground: Int32, background: Int32) {
        let i = y * columns + x
        return (glyphs[i], foreground[i], background[i])
    }
}

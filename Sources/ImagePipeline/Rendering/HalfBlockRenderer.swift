import ImageCodec

/// Turns a picture into terminal cells: area-averaged down to `columns × 2·rows` pixels, then one
/// `▀` cell per two vertically stacked pixels, each quantised to the palette's nearest colour.
public struct HalfBlockRenderer: Sendable {
    /// How a picture is placed in the cell box.
    public enum Fit: Sendable, Equatable {
        /// Keep the aspect ratio; the result is as large as fits (it may be narrower or shorter than the box).
        case contain
        /// Fill the box exactly, stretching.
        case stretch
    }

    public static let upperHalf: Unicode.Scalar = "▀"
    /// The monochrome ramp, from empty to dense.
    public static let densityRamp: [Unicode.Scalar] = [" ", ".", ":", "-", "=", "+", "*", "#", "%", "@"]

    public var palette: PaletteKind
    public var fit: Fit

    public init(palette: PaletteKind = .xterm256, fit: Fit = .contain) {
        self.palette = palette
        self.fit = fit
    }

    /// The cell size a picture of `width × height` pixels gets inside a `columns × rows` box.
    /// A cell is one pixel wide and two tall, so a cell box is `columns × 2·rows` square pixels.
    public func cellSize(width: Int, height: Int, columns: Int, rows: Int) -> (columns: Int, rows: Int) {
        guard fit == .contain, width > 0, height > 0 else { return (columns, rows) }
        let boxHeight = Double(rows * 2)
        let scale = min(Double(columns) / Double(width), boxHeight / Double(height))
        let c = max(1, min(columns, Int((Double(width) * scale).rounded())))
        let r = max(1, min(rows, Int((Double(height) * scale / 2).rounded())))
        return (c, r)
    }

    /// The pixels the cells are quantised from: the picture area-averaged to `columns × 2·rows`.
    public func reference(_ image: PixelImage, columns: Int, rows: Int) -> PixelImage {
        let size = cellSize(width: image.width, height: image.height, columns: columns, rows: rows)
        return ImageScaler().resize(image, width: size.columns, height: size.rows * 2)
    }

    /// Renders `image` into at most `columns × rows` cells.
    public func render(_ image: PixelImage, columns: Int, rows: Int) -> CellImage {
        cells(from: reference(image, columns: columns, rows: rows))
    }

    /// Quantises pixels that are already `columns × 2·rows` into cells.
    public func cells(from pixels: PixelImage) -> CellImage {
        let columns = pixels.width
        let rows = pixels.height / 2
        let count = columns * rows
        var glyphs = [Unicode.Scalar](repeating: Self.upperHalf, count: count)
        var foreground = [Int32](repeating: CellImage.defaultColor, count: count)
        var background = [Int32](repeating: CellImage.defaultColor, count: count)
        let palette = self.palette
        pixels.pixels.withUnsafeBufferPointer { p in
            for y in 0..<rows {
                let top = 2 * y * columns * 3
                let bottom = top + columns * 3
                for x in 0..<columns {
                    let i = y * columns + x
                    let t = top + x * 3
                    let b = bottom + x * 3
                    let (tr, tg, tb) = (Int(p[t]), Int(p[t + 1]), Int(p[t + 2]))
                    let (br, bg, bb) = (Int(p[b]), Int(p[b + 1]), Int(p[b + 2]))
                    switch palette {
                    case .truecolor:
                        foreground[i] = CellImage.direct(p[t], p[t + 1], p[t + 2])
                        background[i] = CellImage.direct(p[b], p[b + 1], p[b + 2])
                    case .xterm256:
                        foreground[i] = Int32(XtermPalette.nearest256(r: tr, g: tg, b: tb))
                        background[i] = Int32(XtermPalette.nearest256(r: br, g: bg, b: bb))
                    case .ansi16, .ansi8:
                        let n = palette == .ansi16 ? 16 : 8
                        foreground[i] = Int32(XtermPalette.nearestANSI(r: tr, g: tg, b: tb, count: n))
                        background[i] = Int32(XtermPalette.nearestANSI(r: br, g: bg, b: bb, count: n))
                    case .monochrome:
                        let luma = (299 * (tr + br) + 587 * (tg + bg) + 114 * (tb + bb)) / 2000
                        let step = min(Self.densityRamp.count - 1, luma * Self.densityRamp.count / 256)
                        glyphs[i] = Self.densityRamp[step]
                    }
                }
            }
        }
        return CellImage(
            columns: columns, rows: rows, palette: palette, glyphs: glyphs, foreground: foreground,
            background: background)
    }

    /// Reads cells back as pixels (two per cell, in their palette's colours): what a terminal would show.
    /// Monochrome cells read back as grey levels of their ramp step.
    public static func pixels(of cells: CellImage) -> PixelImage {
        var out = [UInt8](repeating: 0, count: cells.columns * cells.rows * 2 * 3)
        for y in 0..<cells.rows {
            for x in 0..<cells.columns {
                let (glyph, fg, bg) = cells.cell(x: x, y: y)
                var upper: RGB
                var lower: RGB
                if cells.palette == .monochrome {
                    let step = densityRamp.firstIndex(of: glyph) ?? 0
                    let level = UInt8((step * 255) / (densityRamp.count - 1))
                    upper = RGB(level, level, level)
                    lower = upper
                } else {
                    upper = CellImage.rgb(of: fg)
                    lower = CellImage.rgb(of: bg)
                }
                for (row, colour) in [(2 * y, upper), (2 * y + 1, lower)] {
                    let i = (row * cells.columns + x) * 3
                    out[i] = colour.r
                    out[i + 1] = colour.g
                    out[i + 2] = colour.b
                }
            }
        }
        return PixelImage(width: cells.columns, height: cells.rows * 2, pixels: out)
    }
}

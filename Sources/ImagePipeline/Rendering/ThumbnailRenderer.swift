import ImageCodec

/// Picture bytes (JPEG or PNG) to terminal cells, decoding no more detail than the cells can show.
public struct ThumbnailRenderer: Sendable {
    public var renderer: HalfBlockRenderer
    public var decoder: ImageDecoder

    public init(palette: PaletteKind = .xterm256, fit: HalfBlockRenderer.Fit = .contain, maxPixels: Int = 40_000_000) {
        renderer = HalfBlockRenderer(palette: palette, fit: fit)
        decoder = ImageDecoder(maxPixels: maxPixels)
    }

    /// Cells for `bytes` inside a `columns × rows` box.
    public func render(_ bytes: [UInt8], columns: Int, rows: Int) throws(ImageCodecError) -> CellImage {
        precondition(columns > 0 && rows > 0)
        let header = try ImageHeader.read(bytes)
        let size = renderer.cellSize(width: header.width, height: header.height, columns: columns, rows: rows)
        let image = try decoder.decode(bytes, atLeast: (width: size.columns, height: size.rows * 2))
        return renderer.render(image, columns: columns, rows: rows)
    }
}

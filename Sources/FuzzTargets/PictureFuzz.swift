import ImageCodec
import ImagePipeline

/// Picture bytes from an upload or from any server: the header probe, the decoders (the JPEG DC scan,
/// libjpeg-turbo with and without scaling, libpng) and the browser's thumbnail renderer.
enum PictureFuzz {
    /// Small enough that a header claiming a huge picture is refused rather than allocated.
    static let maxPixels = 1 << 22

    static let target = FuzzTarget(
        name: "picture",
        summary: "pictures: header probe, JPEG DC scan, libjpeg-turbo (scaled and full), libpng, the half-block thumbnail renderer"
    ) { input in
        let header = try? ImageHeader.read(input)
        if let header {
            precondition(header.width > 0 && header.height > 0, "a header with a zero side")
        }
        let scanning = ImageDecoder(maxPixels: maxPixels, dcScan: true, dcScanMinimumBytes: 0)
        if let image = try? scanning.decode(input, atLeast: (width: 8, height: 8)) {
            check(image)
        }
        let full = ImageDecoder(maxPixels: maxPixels, dcScan: false)
        if let image = try? full.decode(input) {
            check(image)
            if let header {
                precondition(image.width == header.width && image.height == header.height, "decoded size differs from the header")
            }
        }
        if let cells = try? ThumbnailRenderer(palette: .xterm256, maxPixels: maxPixels).render(input, columns: 8, rows: 4) {
            precondition((1...8).contains(cells.columns) && (1...4).contains(cells.rows), "a thumbnail outside its box")
            precondition(cells.glyphs.count == cells.columns * cells.rows, "cells and size disagree")
        }
    }

    static func check(_ image: PixelImage) {
        precondition(image.width > 0 && image.height > 0, "an empty picture")
        precondition(image.pixels.count == image.width * image.height * 3, "pixels and size disagree")
    }
}

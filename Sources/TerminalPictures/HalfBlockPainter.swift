public import ImagePipeline
public import TerminalUI

/// Paints pictures as half-block cells (two pixels a cell) from pictures rendered for the cell size of
/// their rectangle. A picture not rendered yet leaves the placeholder the screen drew; cells under a
/// cover (help, a question) are never painted.
public struct HalfBlockPainter {
    /// Pictures at hand, by what they were rendered for, already in cells (`CellImage.cells`): a frame copies
    /// them row by row rather than making each cell's glyph and colours again.
    public let pictures: [ImageCacheKey: Canvas]
    /// The palette the pictures were rendered in.
    public let palette: PaletteKind

    /// A painter of the pictures at hand, in cells, rendered in `palette`.
    public init(pictures: [ImageCacheKey: Canvas], palette: PaletteKind) {
        self.pictures = pictures
        self.palette = palette
    }

    /// A painter of the pictures at hand, rendered in `palette` (each put in cells once, here).
    public init(images: [ImageCacheKey: CellImage], palette: PaletteKind) {
        self.init(pictures: images.mapValues(\.cells), palette: palette)
    }

    /// The rendering a placement needs: its picture at its rectangle's size in this painter's palette.
    public func key(for placement: PicturePlacement) -> ImageCacheKey {
        ImageCacheKey(url: placement.url, columns: placement.frame.width, rows: placement.frame.height, palette: palette)
    }

    /// The renderings a frame needs, most urgent first (a picture placed twice at one size is named twice).
    public func keys(for report: FrameReport) -> [ImageCacheKey] {
        report.pictures.map(key(for:))
    }

    /// Paints the pictures of `report` it has into `canvas`, except where a cover is.
    public func paint(_ report: FrameReport, into canvas: inout Canvas) {
        for placement in report.pictures where placement.isShown && !report.isKept(placement) {
            guard let picture = pictures[key(for: placement)] else { continue }
            let frame = placement.frame
            let x = frame.x + (frame.width - picture.width) / 2
            let y = frame.y + (frame.height - picture.height) / 2
            let drawn = Rect(x: x, y: y, width: picture.width, height: picture.height)
            if report.covers.isEmpty {
                // Blank what the picture leaves of its rectangle (the placeholder), then the picture.
                for strip in placement.visible.subtracting(drawn) { canvas.fill(strip) }
                canvas.blit(picture, x: x, y: y, clip: placement.visible)
                continue
            }
            // Under a cover, cell by cell: only the cells the covers leave free (blank where the picture is not).
            let area = placement.visible.intersection(canvas.bounds)
            for py in area.y..<area.maxY {
                for px in area.x..<area.maxX where !report.isCovered(x: px, y: py) {
                    canvas.setCell(x: px, y: py, drawn.contains(x: px, y: py) ? picture[px - x, py - y] : .blank)
                }
            }
        }
    }
}

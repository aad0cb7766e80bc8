/// Where a picture drawn in pixels goes in a cell rectangle: scaled to fit with its aspect kept, centred on
/// whole cells (a graphic starts at a cell's corner), and which of its pixels show in the visible cells.
public struct GraphicFit: Sendable, Equatable {
    /// The picture's size in pixels.
    public var size: PixelSize
    /// The cells it covers.
    public var cells: Rect
    /// One cell in pixels.
    public var cell: PixelSize

    /// The most pixels a picture is scaled to, whatever the frame and the cell: a full-HD screen's (1920×1080).
    /// What scaling, encoding and keeping one picture costs grows with its pixels, and the frame's cells and the
    /// cell's pixels come from the terminal — over SSH, from a stranger.
    public static let maxPixels = 1920 * 1080
    /// The most a picture is scaled up: four times its own size (more shows no more of it).
    public static let maxUpscale = 4.0

    /// The size of a `image`-sized picture scaled to fit `frame`'s pixels, aspect kept (at least 1×1), never
    /// more than `maxPixels` nor `maxUpscale` times its own size.
    public static func fitted(_ image: PixelSize, into frame: Rect, cell: PixelSize) -> PixelSize {
        let box = PixelSize(width: frame.width * cell.width, height: frame.height * cell.height)
        guard image.width > 0, image.height > 0, box.width > 0, box.height > 0 else { return PixelSize(width: 1, height: 1) }
        var scale = min(Double(box.width) / Double(image.width), Double(box.height) / Double(image.height), maxUpscale)
        let pixels = Double(image.width) * Double(image.height) * scale * scale
        // Under the cap, sides are rounded down (rounded to nearest, both could grow past it).
        let capped = pixels > Double(maxPixels)
        if capped { scale *= (Double(maxPixels) / pixels).squareRoot() }
        let rule: FloatingPointRoundingRule = capped ? .down : .toNearestOrAwayFromZero
        return PixelSize(
            width: max(1, min(box.width, Int((Double(image.width) * scale).rounded(rule)))),
            height: max(1, min(box.height, Int((Double(image.height) * scale).rounded(rule)))))
    }

    /// A picture of `size` (already fitted) centred in `frame`.
    public init(size: PixelSize, in frame: Rect, cell: PixelSize) {
        self.size = size
        self.cell = cell
        let columns = min(frame.width, (size.width + cell.width - 1) / max(1, cell.width))
        let rows = min(frame.height, (size.height + cell.height - 1) / max(1, cell.height))
        cells = Rect(x: frame.x + (frame.width - columns) / 2, y: frame.y + (frame.height - rows) / 2, width: columns, height: rows)
    }

    /// The part inside `visible`: its cells and the picture's pixels there (x, y, width, height); nil when
    /// none of it shows.
    public func cropped(to visible: Rect) -> (cells: Rect, pixels: Rect)? {
        let shown = cells.intersection(visible)
        guard !shown.isEmpty else { return nil }
        let x = (shown.x - cells.x) * cell.width
        let y = (shown.y - cells.y) * cell.height
        let width = min(size.width - x, shown.width * cell.width)
        let height = min(size.height - y, shown.height * cell.height)
        guard width > 0, height > 0 else { return nil }
        return (shown, Rect(x: x, y: y, width: width, height: height))
    }
}

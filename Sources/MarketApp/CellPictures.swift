import ImagePipeline
import TerminalPictures
import TerminalUI

/// Pictures drawn in half blocks, in the cells themselves: the rendered pictures at hand, painted by
/// `HalfBlockPainter`. The image cache keeps the pictures for the whole session; this keeps those of the
/// last frames, and forgets the ones the frame does not want when it holds more than `limit`.
struct CellPictures: PictureSurface {
    /// The pictures in cells (each put in cells once, when it arrives).
    private var images: [ImageCacheKey: Canvas] = [:]
    /// How many pictures are kept before those the frame does not want are forgotten.
    let limit: Int

    /// 200 pictures in cells are some 800 KB at most (a card's picture is about 4 KB in cells, 1.4 KB in the image
    /// cache, which keeps them all): a frame shows some 30.
    init(limit: Int = 200) {
        self.limit = limit
    }

    mutating func paint(_ report: FrameReport, palette: PaletteKind, into canvas: inout Canvas)
        -> (graphics: [GraphicPlacement], wanted: [ImageCacheKey])
    {
        let painter = HalfBlockPainter(pictures: images, palette: palette)
        painter.paint(report, into: &canvas)
        let wanted = painter.keys(for: report)
        if images.count > limit {
            let kept = Set(wanted)
            images = images.filter { kept.contains($0.key) }
        }
        return ([], wanted)
    }

    func has(_ source: ImageCacheKey) -> Bool { images[source] != nil }

    mutating func loaded(_ source: ImageCacheKey, _ picture: CellImage) {
        images[source] = picture.cells
    }

    /// The bytes of the pictures kept.
    var memory: Int { images.values.reduce(0) { $0 + $1.cells.count * MemoryLayout<Cell>.stride } }
}

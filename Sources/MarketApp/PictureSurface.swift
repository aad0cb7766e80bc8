import ImagePipeline
import TerminalUI

/// Where one kind of picture is kept and drawn: half blocks in the cells (`CellPictures`), or the
/// terminal's own graphics over them (`GraphicsPictures`). The loop paints every frame through one of
/// these, hands it each picture as it loads and asks it which it has; which loads run is `PictureLoads`'s
/// to say (`Pictures` pairs the two). A new kind of picture is a type conforming to this, and its load.
protocol PictureSurface {
    /// What a picture is known by (its URL and, for graphics, the cells it is scaled for).
    associatedtype Source: Hashable & Sendable
    /// A picture as loaded, ready to draw.
    associatedtype Picture: Sendable

    /// Draws the pictures of `report` it has, in `palette`, into `canvas` (or over it: the graphics to
    /// send after the cells; none for cells), and names every source the frame wants, most urgent first.
    mutating func paint(_ report: FrameReport, palette: PaletteKind, into canvas: inout Canvas)
        -> (graphics: [GraphicPlacement], wanted: [Source])
    /// Whether the picture for `source` is at hand.
    func has(_ source: Source) -> Bool
    /// A picture loaded.
    mutating func loaded(_ source: Source, _ picture: Picture)
}

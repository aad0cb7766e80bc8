/// Something that draws itself into a rectangle of a canvas (ratatui's way): it knows nothing of the
/// terminal, and reports what it placed besides text — the pictures, and the boxes it drew over others.
public protocol Widget {
    /// Draws into `area` of `canvas`; pictures are not drawn but reported in `report`, for a painter.
    func render(_ area: Rect, into canvas: inout Canvas, report: inout FrameReport)
}

/// Turns a frame's picture placements into pixels the terminal shows. The half-block painter draws
/// into the canvas's cells; painters for a terminal's own picture protocol (kitty, sixel) work from the
/// same placements and write their sequences after the cells are flushed.
public protocol PicturePainter {
    /// Paints the pictures of `report` into `canvas` (or prepares what to send after it).
    func paint(_ report: FrameReport, into canvas: inout Canvas)
}

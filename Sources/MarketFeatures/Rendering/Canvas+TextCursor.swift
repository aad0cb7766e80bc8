import TerminalUI

extension Canvas {
    /// The insertion point of the text field that has the keys, at (x, y): the terminal's own cursor stands there
    /// (an input method draws the syllable being composed in place). A terminal that shows no cursor gets one
    /// drawn: a bar in `barStyle` (a line that ends at the cursor), or with none the cell in reverse video.
    mutating func placeTextCursor(x: Int, y: Int, context: RenderContext, barStyle: CellStyle? = nil) {
        cursor = CellPosition(x: x, y: y)  // none off the canvas (`Canvas.cursor`); drawing clips the same
        guard !context.terminalCursor, cursor != nil else { return }
        if let barStyle {
            put(context.theme.ascii ? "_" : "▏", x: x, y: y, style: barStyle)
        } else {
            restyle(Rect(x: x, y: y, width: 1, height: 1)) { $0.attributes.insert(.reverse) }
        }
    }
}

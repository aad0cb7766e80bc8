import TerminalUI

/// A line of the screen as a widget works it out before drawing it: the style the line is filled with (nil: left
/// blank) and its texts, each at its column. A frame drawn over the last leaves a line that would be drawn as it
/// was (the title, the status line, the key hints: `BrowserScreen.render(retaining:)`).
struct ScreenLine: Equatable {
    struct Text: Equatable {
        let text: String
        let x: Int
        let style: CellStyle
        let maxWidth: Int?
    }

    var fill: CellStyle?
    var texts: [Text] = []

    /// Adds `text` at column `x`.
    mutating func put(_ text: String, x: Int, style: CellStyle, maxWidth: Int? = nil) {
        texts.append(Text(text: text, x: x, style: style, maxWidth: maxWidth))
    }

    /// Draws the line on `area`'s row (over blanks: a line not filled leaves its other cells as they are).
    func draw(_ area: Rect, into canvas: inout Canvas) {
        if let fill { canvas.fill(area, style: fill) }
        for text in texts { canvas.put(text.text, x: text.x, y: area.y, style: text.style, maxWidth: text.maxWidth) }
    }
}

import TerminalUI

extension Canvas {
    /// Puts `text` (made printable) in `style`, the scalars at `marks` in `marked` and underlined (visible
    /// without colour), cut to `width` columns; returns the columns used. The palette marks its fuzzy matches so,
    /// the list and the grid a search's matched letters (`SearchMarks`).
    @discardableResult
    mutating func putMarked(
        _ text: String, marks: Set<Int>, x: Int, y: Int, width: Int, style plain: CellStyle, marked: CellStyle
    ) -> Int {
        var column = 0
        var scalarIndex = 0
        for character in text {
            let count = character.unicodeScalars.count
            let isMarked = (scalarIndex..<scalarIndex + count).contains { marks.contains($0) }
            scalarIndex += count
            let shown = TerminalText.sanitized(String(character))
            let w = DisplayWidth.of(shown)
            guard column + w <= width else { break }
            var style = plain
            if isMarked {
                style = marked
                style.attributes.insert(.underline)
            }
            put(shown, x: x + column, y: y, style: style)
            column += w
        }
        return column
    }
}

public import ImagePipeline
public import TerminalUI

extension Canvas {
    /// Draws a rendered picture with its top-left cell at (x, y), clipped to `clip`.
    public mutating func draw(_ image: CellImage, x: Int, y: Int, clip: Rect? = nil) {
        let area = (clip ?? bounds).intersection(bounds)
        for row in 0..<image.rows {
            let py = y + row
            guard py >= area.y, py < area.maxY else { continue }
            for column in 0..<image.columns {
                let px = x + column
                guard px >= area.x, px < area.maxX else { continue }
                let cell = image.cell(x: column, y: row)
                setCell(
                    x: px, y: py,
                    Cell(
                        glyph: Glyph(Character(cell.glyph), width: DisplayWidth.of(cell.glyph)),
                        style: CellStyle(
                            foreground: TerminalColor(cellIndex: cell.foreground),
                            background: TerminalColor(cellIndex: cell.background))))
            }
        }
    }
}

extension CellImage {
    /// The picture in cells, its size: made once when it arrives, copied into each frame that shows it.
    public var cells: Canvas {
        var canvas = Canvas(width: columns, height: rows)
        canvas.draw(self, x: 0, y: 0)
        return canvas
    }
}

import Testing

@testable import TerminalUI

@Suite("Finding the band of rows that moved between two frames")
struct CanvasShiftTests {
    /// A list of 3-row items from `first` on, the item `selected` with its name line reversed.
    func list(first: Int, selected: Int, height: Int = 20) -> Canvas {
        var canvas = Canvas(width: 40, height: height)
        canvas.put("title", x: 0, y: 0)
        for row in 1..<(height - 1) {
            let item = first + (row - 1) / 3
            switch (row - 1) % 3 {
            case 0: canvas.put("item \(item) name", x: 2, y: row, style: item == selected ? CellStyle(attributes: .reverse) : .plain)
            case 1: canvas.put("vendor of \(item)", x: 2, y: row)
            default: canvas.put("description of item \(item)", x: 2, y: row)
            }
        }
        canvas.put("status", x: 0, y: height - 1)
        return canvas
    }

    @Test("scrolling down a list by one item: the band above the status line, up by its three rows, though the selection moved")
    func scrolledList() {
        let before = list(first: 0, selected: 5)
        let after = list(first: 1, selected: 6)
        #expect(CanvasShift.find(from: before, to: after) == CanvasShift(top: 1, bottom: 18, lines: 3))
        #expect(CanvasShift.find(from: after, to: before) == CanvasShift(top: 1, bottom: 18, lines: -3))
    }

    @Test("the same frame, or one with nothing in common, has no band")
    func none() {
        let frame = list(first: 0, selected: 0)
        #expect(CanvasShift.find(from: frame, to: frame) == nil)
        var other = Canvas(width: 40, height: 20)
        for y in 0..<20 { other.put("unrelated line \(y * 7)", x: 1, y: y) }
        #expect(CanvasShift.find(from: frame, to: other) == nil)
    }

    @Test("rows that repeat down the screen (pictures' placeholders) are no evidence: a picture arriving is not a scroll")
    func repeatedRows() {
        var before = Canvas(width: 40, height: 20)
        for y in 0..<20 {
            before.put(y % 10 == 0 ? "name \(y)" : "░░░░░░░░   ░░░░░░░░   ░░░░░░░░", x: 0, y: y)
        }
        // The second row's picture had arrived; now the first row's does: its rows look like the second's.
        for y in [11, 12, 13] { before.put("        ", x: 0, y: y) }
        var after = before
        for y in [1, 2, 3] { after.put("        ", x: 0, y: y) }
        #expect(CanvasShift.find(from: before, to: after) == nil)
    }

    @Test("applying a shift moves the rows inside the region and blanks those it brings in")
    func applied() {
        var canvas = Canvas(width: 4, height: 5)
        for y in 0..<5 { canvas.put("\(y)", x: 0, y: y) }
        canvas.apply(CanvasShift(top: 1, bottom: 3, lines: 1))
        #expect(canvas.lines() == ["0   ", "2   ", "3   ", "    ", "4   "])
        canvas.apply(CanvasShift(top: 0, bottom: 2, lines: -1))
        #expect(canvas.lines() == ["    ", "0   ", "2   ", "    ", "4   "])
        #expect(String(decoding: Canvas.scrollBytes(CanvasShift(top: 1, bottom: 3, lines: 2)), as: UTF8.self)
            == "\u{1B}7\u{1B}[2;4r\u{1B}[4;1H\u{1B}D\u{1B}D\u{1B}[r\u{1B}8")
    }
}

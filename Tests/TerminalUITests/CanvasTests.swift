import ImagePipeline
import TerminalPictures
import Testing

@testable import TerminalUI

@Suite("Canvas")
struct CanvasTests {
    @Test("text is placed and clipped by display width")
    func put() {
        var canvas = Canvas(width: 8, height: 2)
        #expect(canvas.put("hello world", x: 1, y: 0) == 7)
        #expect(canvas.put("한글한글한글", x: 0, y: 1) == 8)
        #expect(canvas.trimmedLines() == [" hello w", "한글한글"])
        var odd = Canvas(width: 5, height: 1)
        odd.put("한글한", x: 0, y: 0)
        #expect(odd.lines() == ["한글 "], "a wide character that would straddle the edge is left out")
    }

    @Test("overwriting half of a wide character clears the other half")
    func repairs() {
        var canvas = Canvas(width: 6, height: 1)
        canvas.put("가나다", x: 0, y: 0)
        canvas.put("x", x: 1, y: 0)
        #expect(canvas.lines() == [" x나다"])
        canvas.put("y", x: 2, y: 0)
        #expect(canvas.lines() == [" xy 다"])
        #expect(canvas.cells.count == 6)
    }

    @Test("control characters never reach a cell")
    func sanitizes() {
        var canvas = Canvas(width: 20, height: 1)
        canvas.put("\u{1B}[2J\u{07}bad", x: 0, y: 0)
        #expect(canvas.trimmedLines() == ["␛[2J␇bad"])
        #expect(!canvas.cells.contains { $0.text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F } })
    }

    @Test("pictures are drawn with their colours and clipped")
    func picture() {
        let image = CellImage(
            columns: 3, rows: 1, palette: .xterm256, glyphs: ["▀", "▀", "▀"], foreground: [196, 46, 21],
            background: [16, 16, -1])
        var canvas = Canvas(width: 4, height: 2)
        canvas.draw(image, x: 2, y: 1)
        #expect(canvas[2, 1].text == "▀")
        #expect(canvas[2, 1].style.foreground == .indexed(196))
        #expect(canvas[3, 1].style.foreground == .indexed(46))
        #expect(canvas.lines() == ["    ", "  ▀▀"])
    }

    @Test("boxes, fills and restyling")
    func shapes() {
        var canvas = Canvas(width: 5, height: 3)
        canvas.box(canvas.bounds)
        #expect(canvas.lines() == ["┌───┐", "│   │", "└───┘"])
        canvas.restyle(Rect(x: 1, y: 1, width: 3, height: 1)) { $0.attributes.insert(.reverse) }
        #expect(canvas[2, 1].style.attributes.contains(.reverse))
        #expect(!canvas[0, 1].style.attributes.contains(.reverse))
        var ascii = Canvas(width: 3, height: 2)
        ascii.box(ascii.bounds, ascii: true)
        #expect(ascii.lines() == ["+-+", "+-+"])
    }
}

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

    @Test("a reset canvas is a new one of its size, in the storage it had when it was its only holder")
    func reset() throws {
        var canvas = Canvas(width: 4, height: 2)
        canvas.put("한글ab", x: 0, y: 0, style: CellStyle(attributes: .bold))
        canvas.links = [try #require(Hyperlink(url: "https://example.com/1", y: 1, columns: 0..<2))]
        canvas.cursor = CellPosition(x: 1, y: 1)
        let storage = canvas.cells.withUnsafeBufferPointer { $0.baseAddress }
        canvas.reset(width: 4, height: 2)
        #expect(canvas == Canvas(width: 4, height: 2), "every cell blank, no links, no cursor")
        #expect(canvas.cells.withUnsafeBufferPointer { $0.baseAddress } == storage, "the same cells, nothing allocated")

        // The frame on the screen shares the storage: it keeps its cells, the reset canvas gets its own.
        canvas.put("xy", x: 2, y: 1)
        let onScreen = canvas
        canvas.reset(width: 4, height: 2, fill: Cell("z"))
        #expect(onScreen.trimmedLines() == ["", "  xy"])
        #expect(canvas.lines() == ["zzzz", "zzzz"])

        // Another size (a resize) is a new canvas of that size: 8 cells as 2×4, not the 4×2 reshaped.
        canvas.reset(width: 2, height: 4)
        #expect(canvas == Canvas(width: 2, height: 4))
        canvas.reset(width: 3, height: 0)
        #expect(canvas == Canvas(width: 3, height: 0))
        #expect(canvas.cells.isEmpty)
        canvas.reset(width: 5, height: 1)
        #expect(canvas.lines() == ["     "])
    }

    @Test("a row matches another canvas's row only when every cell within the columns is the same")
    func rowMatches() {
        var before = Canvas(width: 6, height: 3)
        before.put("abc", x: 0, y: 0)
        before.put("가나", x: 0, y: 1, style: CellStyle(foreground: .indexed(3)))
        before.put("xy", x: 0, y: 2, style: CellStyle(background: .rgb(1, 2, 3)))
        let same = before
        for y in 0..<3 { #expect(same.rowMatches(before, y: y, columns: 6)) }
        var glyph = before
        glyph.put("z", x: 5, y: 0)
        #expect(!glyph.rowMatches(before, y: 0, columns: 6), "the last column's glyph differs")
        #expect(glyph.rowMatches(before, y: 0, columns: 5), "past the columns compared, a difference does not count")
        var colour = before
        colour.put("가", x: 0, y: 1, style: CellStyle(foreground: .indexed(4)))
        #expect(!colour.rowMatches(before, y: 1, columns: 6), "an indexed colour differs")
        var direct = before
        direct.put("x", x: 0, y: 2, style: CellStyle(background: .rgb(1, 2, 4)))
        #expect(!direct.rowMatches(before, y: 2, columns: 6), "a 24-bit colour differs in one channel")
        var attribute = before
        attribute.put("b", x: 1, y: 0, style: CellStyle(attributes: .bold))
        #expect(!attribute.rowMatches(before, y: 0, columns: 6), "an attribute differs")
        // The same cells written anew (not copied) match too.
        var rewritten = Canvas(width: 6, height: 3)
        rewritten.put("abc", x: 0, y: 0)
        rewritten.put("가나", x: 0, y: 1, style: CellStyle(foreground: .indexed(3)))
        rewritten.put("xy", x: 0, y: 2, style: CellStyle(background: .rgb(1, 2, 3)))
        for y in 0..<3 { #expect(rewritten.rowMatches(before, y: y, columns: 6)) }
        #expect(!Canvas(width: 5, height: 3).rowMatches(before, y: 0, columns: 5), "canvases of other widths never match")
        #expect(!same.rowMatches(before, y: 3, columns: 6), "no row past the last")
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

    @Test("a filled rectangle repairs the wide characters it cuts at either edge, as cell by cell, and keeps their styles")
    func fillRepairs() {
        let red = CellStyle(foreground: .indexed(1))
        for x in 0..<8 {
            for width in 0...(8 - x) {
                var filled = Canvas(width: 8, height: 2)
                filled.put("가나다라", x: 0, y: 0, style: red)
                filled.put("a마바사", x: 0, y: 1, style: red)
                var byCell = filled
                filled.fill(Rect(x: x, y: 0, width: width, height: 2), style: CellStyle(attributes: .reverse))
                for y in 0..<2 {
                    for cx in x..<(x + width) { byCell.setCell(x: cx, y: y, Cell(glyph: .space, style: CellStyle(attributes: .reverse))) }
                }
                #expect(filled == byCell, "columns \(x)..<\(x + width): \(filled.lines()) against \(byCell.lines())")
            }
        }
        var cut = Canvas(width: 6, height: 1)
        cut.put("가나다", x: 0, y: 0, style: red)
        cut.fill(Rect(x: 1, y: 0, width: 2, height: 1))
        #expect(cut.lines() == ["    다"])
        #expect(cut[0, 0].style == red && cut[3, 0].style == red, "the halves left are blanks of their own style")
    }

    @Test("a copied canvas repairs the wide characters it cuts, on both sides and in itself")
    func blitRepairs() {
        // Rows copied whole: the wide characters of the canvas cut at either edge become blanks.
        var canvas = Canvas(width: 6, height: 2)
        canvas.put("가나다", x: 0, y: 0)
        canvas.put("가나다", x: 0, y: 1)
        var ab = Canvas(width: 2, height: 2)
        ab.put("ab", x: 0, y: 0)
        ab.put("cd", x: 0, y: 1)
        canvas.blit(ab, x: 1, y: 0, clip: canvas.bounds)
        #expect(canvas.lines() == [" ab 다", " cd 다"])
        #expect(canvas.cells.count == 12)
        // The copy's own wide character cut by the clip, at its left and at its right: left out, blanks instead.
        var wide = Canvas(width: 4, height: 1)
        wide.put("x가y", x: 0, y: 0)
        var left = Canvas(width: 4, height: 1)
        left.put("....", x: 0, y: 0)
        left.blit(wide, x: 0, y: 0, clip: Rect(x: 2, y: 0, width: 2, height: 1))
        #expect(left.lines() == [".. y"])
        var right = Canvas(width: 4, height: 1)
        right.put("....", x: 0, y: 0)
        right.blit(wide, x: 0, y: 0, clip: Rect(x: 0, y: 0, width: 2, height: 1))
        #expect(right.lines() == ["x ..", ])
        // Wholly inside: the copy's wide character kept whole, its styles with it.
        var whole = Canvas(width: 6, height: 1)
        whole.put("......", x: 0, y: 0, style: CellStyle(attributes: .bold))
        whole.blit(wide, x: 1, y: 0, clip: whole.bounds)
        #expect(whole.lines() == [".x가y."])
        #expect(whole[0, 0].style == CellStyle(attributes: .bold))
        #expect(whole[1, 0].style == .plain)
        #expect(whole[5, 0].style == CellStyle(attributes: .bold))
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

    @Test("a box partly or wholly outside the canvas is clipped, never drawn past an edge")
    func clippedBoxes() {
        var canvas = Canvas(width: 6, height: 4)
        canvas.box(Rect(x: -2, y: -1, width: 5, height: 3))
        canvas.box(Rect(x: 4, y: 2, width: 4, height: 4))
        canvas.box(Rect(x: 10, y: 10, width: 3, height: 3))
        canvas.box(Rect(x: -9, y: -9, width: 3, height: 3))
        #expect(canvas.lines() == ["  │   ", "──┘   ", "    ┌─", "    │ "])
        var wide = Canvas(width: 4, height: 2)
        wide.put("한글", x: 0, y: 0)
        wide.box(Rect(x: 1, y: 0, width: 3, height: 2))
        #expect(wide.lines() == [" ┌─┐", " └─┘"], "a wide character cut by the box's corner is blanked whole")
    }

    @Test("printable ASCII is placed as any text is: clipped at both edges and at maxWidth, repairing a wide character it cuts")
    func asciiText() {
        var canvas = Canvas(width: 6, height: 3)
        #expect(canvas.put("abcdef", x: -2, y: 0) == 4)
        #expect(canvas.put("xyz", x: 4, y: 1) == 2)
        #expect(canvas.put("longer", x: 1, y: 2, maxWidth: 3) == 3)
        #expect(canvas.lines() == ["cdef  ", "    xy", " lon  "])
        var repaired = Canvas(width: 4, height: 1)
        repaired.put("한글", x: 0, y: 0)
        #expect(repaired.put("a", x: 1, y: 0) == 1)
        #expect(repaired.lines() == [" a글"], "the cut character's other half is blanked")
        var controls = Canvas(width: 6, height: 1)
        controls.put("a\u{1B}[2Jb", x: 0, y: 0)
        #expect(!controls.lines()[0].contains("\u{1B}"), "an escape in text still never reaches a cell")
    }

    @Test("canvases of no cells, made on many threads at once, are empty and sized as asked (ThreadSanitizer holds the race)")
    func emptyCanvases() async {
        // Array(unsafeUninitializedCapacity: 0) wrote its count into the standard library's one empty storage: two
        // threads each making an empty canvas (a terminal before its first size) were a data race under TSan.
        let sizes = await withTaskGroup(of: [Int].self) { group in
            for width in 0..<256 {
                group.addTask {
                    for _ in 0..<8 { #expect(Canvas(width: 0, height: width).cells.isEmpty) }
                    let canvas = Canvas(width: width, height: 0)
                    let negative = Canvas(width: -3, height: width)
                    return [canvas.cells.count, canvas.width, negative.cells.count, negative.width, negative.height]
                }
            }
            var all: [[Int]] = []
            for await size in group { all.append(size) }
            return all.sorted { $0[1] < $1[1] }
        }
        #expect(sizes == (0..<256).map { [0, $0, 0, 0, $0] })
        #expect(Canvas(width: 3, height: 2, fill: Cell("x")).lines() == ["xxx", "xxx"])
    }
}

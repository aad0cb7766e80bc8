import TerminalPictures
import Testing

@testable import TerminalUI

@Suite("Cells in 24-bit colour, sent after curses")
struct DirectColorTests {
    static let red = CellStyle(foreground: .rgb(255, 0, 0), background: .rgb(0, 0, 1))
    static let green = CellStyle(foreground: .rgb(0, 255, 0), background: .rgb(0, 0, 1))

    func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test("a first frame: a cursor move per run, colours only when they change, the attributes reset at the end")
    func firstFrame() {
        var canvas = Canvas(width: 6, height: 2)
        canvas.put("ab", x: 0, y: 0)
        canvas.setCell(x: 2, y: 0, Cell("▀", style: Self.red))
        canvas.setCell(x: 3, y: 0, Cell("▀", style: Self.red))
        canvas.setCell(x: 4, y: 0, Cell("▀", style: Self.green))
        canvas.setCell(x: 1, y: 1, Cell("▀", style: CellStyle(foreground: .indexed(9), background: .rgb(7, 8, 9))))
        let bytes = DirectColorCells.bytes(canvas, previous: nil, width: 6, height: 2)
        #expect(text(bytes) == "\u{1B}[1;3H\u{1B}[0;38;2;255;0;0;48;2;0;0;1m▀▀\u{1B}[38;2;0;255;0m▀"
            + "\u{1B}[2;2H\u{1B}[38;5;9;48;2;7;8;9m▀\u{1B}[0m")
    }

    @Test("the next frame sends only cells that changed, all of a row curses rewrote, nothing when nothing changed")
    func changes() {
        var before = Canvas(width: 4, height: 2)
        for x in 0..<4 { for y in 0..<2 { before.setCell(x: x, y: y, Cell("▀", style: Self.red)) } }
        #expect(DirectColorCells.bytes(before, previous: before, width: 4, height: 2).isEmpty)
        var after = before
        after.setCell(x: 2, y: 1, Cell("▀", style: Self.green))
        after.put("x", x: 0, y: 1)
        #expect(text(DirectColorCells.bytes(after, previous: before, width: 4, height: 2)) == "\u{1B}[2;3H\u{1B}[0;38;2;0;255;0;48;2;0;0;1m▀\u{1B}[0m")
        let row = text(DirectColorCells.bytes(after, previous: before, rows: [0], width: 4, height: 2))
        #expect(row.hasPrefix("\u{1B}[1;1H\u{1B}[0;38;2;255;0;0;48;2;0;0;1m▀▀▀▀\u{1B}[2;3H"))
    }

    @Test("a style change: only the colour that changed under the same attributes; else a reset, each attribute and colour")
    func styleChanges() {
        func sgr(_ old: CellStyle?, _ new: CellStyle) -> String {
            var out: [UInt8] = []
            DirectColorCells.sgr(from: old, to: new, into: &out)
            return text(out)
        }
        let bold = CellStyle(foreground: .rgb(1, 2, 3), background: .rgb(4, 5, 6), attributes: [.bold, .underline])
        #expect(sgr(bold, bold) == "")
        #expect(sgr(bold, CellStyle(foreground: .rgb(1, 2, 3), background: .indexed(250), attributes: [.bold, .underline]))
            == "\u{1B}[48;5;250m")
        #expect(sgr(bold, CellStyle(foreground: .default, background: .default, attributes: [.bold, .underline]))
            == "\u{1B}[39;49m")
        #expect(sgr(nil, bold) == "\u{1B}[0;1;4;38;2;1;2;3;48;2;4;5;6m")
        #expect(sgr(bold, CellStyle(attributes: [.dim, .italic, .reverse])) == "\u{1B}[0;2;3;7m")
        #expect(sgr(Self.red, CellStyle(foreground: .indexed(0), background: .rgb(255, 255, 255)))
            == "\u{1B}[38;5;0;48;2;255;255;255m")
    }

    @Test("nothing is sent outside the screen curses has, nor for cells in palette colours")
    func clipped() {
        var canvas = Canvas(width: 4, height: 2)
        canvas.setCell(x: 3, y: 0, Cell("▀", style: Self.red))
        canvas.setCell(x: 0, y: 1, Cell("▀", style: Self.red))
        canvas.setCell(x: 0, y: 0, Cell("▀", style: CellStyle(foreground: .indexed(196))))
        #expect(DirectColorCells.bytes(canvas, previous: nil, width: 3, height: 1).isEmpty)
    }

    @Test("24-bit colour: from a DECRQSS answer anywhere, from COLORTERM or a -direct type locally")
    func choice() {
        var answers = TerminalAnswers()
        #expect(!DirectColorChoice.isDirect(environment: ["TERM": "xterm-256color"], answers: answers))
        #expect(DirectColorChoice.isDirect(environment: ["COLORTERM": "truecolor"], answers: answers))
        #expect(DirectColorChoice.isDirect(environment: ["COLORTERM": "24bit"], answers: answers))
        #expect(DirectColorChoice.isDirect(environment: ["TERM": "xterm-direct"], answers: answers))
        #expect(!DirectColorChoice.isDirect(environment: ["COLORTERM": "yes"], answers: answers))
        answers.directColor = true
        #expect(DirectColorChoice.isDirect(environment: [:], answers: answers))
        #expect(TerminalColor(cellIndex: 0x100_0000 | 0x0A0B0C) == .rgb(10, 11, 12))
        #expect(TerminalColor(cellIndex: 0x100_0000) == .rgb(0, 0, 0))
        #expect(TerminalColor(cellIndex: 255) == .indexed(255))
        #expect(TerminalColor(cellIndex: -1) == .default)
    }
}

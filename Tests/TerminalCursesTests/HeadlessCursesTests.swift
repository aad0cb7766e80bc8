import Foundation
import Testing
@testable import TerminalUI

@testable import TerminalCurses

@Suite("Curses with cells in 24-bit colour (real ncurses, writing to a file)", .serialized)
struct HeadlessCursesTests {
    static let picture = CellStyle(foreground: .rgb(200, 10, 20), background: .rgb(1, 2, 3))

    func written(_ curses: HeadlessCurses, from offset: Int) throws -> String {
        let data = try Data(contentsOf: URL(fileURLWithPath: curses.outputPath))
        return String(decoding: data.dropFirst(offset), as: UTF8.self)
    }

    @Test("curses holds a stand-in; the colours go after it, once; text that replaces them is written by curses")
    func standIn() throws {
        let curses = try #require(HeadlessCurses(columns: 20, rows: 4))
        var canvas = Canvas(width: 20, height: 4)
        canvas.put("title", x: 0, y: 0)
        for x in 2..<6 { canvas.setCell(x: x, y: 2, Cell("▀", style: Self.picture)) }
        curses.draw(canvas)
        let first = try written(curses, from: 0)
        #expect(first.contains("title"))
        #expect(first.contains("\u{1B}[3;3H\u{1B}[0;38;2;200;10;20;48;2;1;2;3m▀▀▀▀\u{1B}[0m"))
        #expect(!first.contains("38;2;") || first.components(separatedBy: "38;2;").count == 2, "the colour set once for the run")

        let before = curses.bytesWritten
        curses.draw(canvas)
        #expect(curses.bytesWritten == before, "an unchanged frame sends nothing")

        var recoloured = canvas
        recoloured.setCell(x: 3, y: 2, Cell("▀", style: CellStyle(foreground: .rgb(9, 9, 9), background: .rgb(1, 2, 3))))
        curses.draw(recoloured)
        let change = try written(curses, from: before)
        #expect(change.contains("\u{1B}[3;4H\u{1B}[0;38;2;9;9;9;48;2;1;2;3m▀\u{1B}[0m"))
        #expect(change.components(separatedBy: "▀").count == 2, "only the changed cell")

        let beforeText = curses.bytesWritten
        var text = recoloured
        text.put("done", x: 2, y: 2)
        curses.draw(text)
        let replaced = try written(curses, from: beforeText)
        #expect(replaced.contains("done"), "curses rewrites the cells it held stand-ins for")
        #expect(!replaced.contains("38;2;"))
    }
}

import Foundation
import Testing
@testable import TerminalUI

@testable import TerminalCurses

/// At the terminal type's own size (80×24): in this ncurses a resize reaches every screen in the process,
/// the key-input tests' among them.
@Suite("Curses with cells in 24-bit colour (real ncurses, writing to a file)", .serialized)
struct HeadlessCursesTests {
    static let picture = CellStyle(foreground: .rgb(200, 10, 20), background: .rgb(1, 2, 3))

    func written(_ curses: HeadlessCurses, from offset: Int) throws -> String {
        let data = try Data(contentsOf: URL(fileURLWithPath: curses.outputPath))
        return String(decoding: data.dropFirst(offset), as: UTF8.self)
    }

    @Test("curses holds a stand-in; the colours go after it, once; text that replaces them is written by curses")
    func standIn() throws {
        let curses = try #require(HeadlessCurses(columns: 80, rows: 24))
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

extension HeadlessCursesTests {
    @Test("a band that moved is scrolled by the terminal: curses and the direct colours send only what came in")
    func scrolled() throws {
        let curses = try #require(HeadlessCurses(columns: 80, rows: 24))
        func frame(first: Int) -> Canvas {
            var canvas = Canvas(width: 20, height: 10)
            canvas.put("header", x: 0, y: 0)
            for y in 1..<9 {
                canvas.put("item \(first + y)", x: 4, y: y)
                for x in 0..<3 {
                    canvas.setCell(x: x, y: y, Cell("▀", style: CellStyle(foreground: .rgb(UInt8(first + y), 0, 0), background: .rgb(0, UInt8(x), 0))))
                }
            }
            canvas.put("footer", x: 0, y: 9)
            return canvas
        }
        curses.draw(frame(first: 0))
        let before = curses.bytesWritten
        curses.draw(frame(first: 2))
        let moved = try written(curses, from: before)
        #expect(moved.hasPrefix("\u{1B}7\u{1B}[2;9r\u{1B}[9;1H\u{1B}D\u{1B}D\u{1B}[r\u{1B}8"), "rows 2–9 scrolled up by two")
        #expect(moved.contains("item 9") && moved.contains("item 10"))
        #expect(!moved.contains("item 3"), "rows that moved are not written again")
        #expect(moved.components(separatedBy: "▀").count - 1 == 6, "only the two rows' pictures that came in")
    }
}

extension HeadlessCursesTests {
    @Test("a grid scrolled by a row of cards: 12 rows of a 24-row screen")
    func gridScrolled() throws {
        let curses = try #require(HeadlessCurses(columns: 80, rows: 24))
        func frame(first: Int) -> Canvas {
            var canvas = Canvas(width: 30, height: 24)
            canvas.put("header", x: 0, y: 0)
            for y in 1..<23 {
                let item = first + y
                if item % 12 < 7 {
                    for x in 2..<8 {
                        canvas.setCell(x: x, y: y, Cell("▀", style: CellStyle(foreground: .rgb(UInt8(item % 256), 0, 0), background: .rgb(0, UInt8(x), 0))))
                    }
                } else {
                    canvas.put("item \(item)", x: 2, y: y)
                }
            }
            canvas.put("footer", x: 0, y: 23)
            return canvas
        }
        curses.draw(frame(first: 0))
        let before = curses.bytesWritten
        curses.draw(frame(first: 12))
        let moved = try written(curses, from: before)
        #expect(moved.hasPrefix("\u{1B}7\u{1B}[2;23r\u{1B}[23;1H" + String(repeating: "\u{1B}D", count: 12) + "\u{1B}[r\u{1B}8"))
        #expect(moved.components(separatedBy: "r\u{1B}").count == 3, "one scrolling region set and reset: curses does not scroll again")
        #expect(moved.components(separatedBy: "▀").count - 1 == 7 * 6, "the pictures of the twelve rows that came in, no more")
    }
}

extension HeadlessCursesTests {
    @Test("for a terminal that knows mode 2026, each frame that sends anything is wrapped in it, pictures' cells too; an unchanged frame sends nothing; otherwise no wrapping")
    func synchronized() throws {
        let begin = "\u{1B}[?2026h"
        let end = "\u{1B}[?2026l"
        let curses = try #require(HeadlessCurses(columns: 80, rows: 24, synchronized: true))
        var canvas = Canvas(width: 20, height: 4)
        canvas.put("title", x: 0, y: 0)
        for x in 2..<6 { canvas.setCell(x: x, y: 2, Cell("▀", style: Self.picture)) }
        curses.draw(canvas)
        let first = try written(curses, from: 0)
        #expect(first.hasPrefix(begin) && first.hasSuffix(end), "\(first.debugDescription)")
        #expect(first.components(separatedBy: begin).count == 2 && first.contains("title") && first.contains("38;2;200;10;20"))
        #expect(first.range(of: "38;2;200;10;20")!.lowerBound < first.range(of: end)!.lowerBound, "the 24-bit cells inside")

        let before = curses.bytesWritten
        curses.draw(canvas)
        #expect(curses.bytesWritten == before, "an unchanged frame sends nothing, not even the markers")

        var next = canvas
        next.put("other", x: 0, y: 1)
        curses.draw(next)
        let change = try written(curses, from: before)
        #expect(change.hasPrefix(begin) && change.hasSuffix(end) && change.contains("other"), "\(change.debugDescription)")

        let plain = try #require(HeadlessCurses(columns: 80, rows: 24))
        plain.draw(canvas)
        let unwrapped = try written(plain, from: 0)
        #expect(unwrapped.contains("title") && !unwrapped.contains(begin) && !unwrapped.contains(end))
    }

    @Test("pictures drawn by the terminal — a kitty upload and placement, a sixel, one taken away — go inside the frame's synchronized update; never marked where the terminal did not answer")
    func synchronizedPictures() throws {
        let begin = "\u{1B}[?2026h"
        let end = "\u{1B}[?2026l"
        let kitty = GraphicPlacement(
            identity: "kitty-1", cells: Rect(x: 2, y: 2, width: 6, height: 3), sequence: Array("\u{1B}_Ga=p,i=7\u{1B}\\".utf8),
            erase: Array("\u{1B}_Ga=d,d=i,i=7\u{1B}\\".utf8),
            upload: GraphicUpload(id: 7, bytes: Array("\u{1B}_Ga=t,i=7;UPLOAD\u{1B}\\".utf8), forget: Array("\u{1B}_Ga=d,d=I,i=7\u{1B}\\".utf8)))
        let sixel = GraphicPlacement(identity: "sixel-1", cells: Rect(x: 20, y: 2, width: 6, height: 3), sequence: Array("\u{1B}P0;1q#0~~\u{1B}\\".utf8))
        var canvas = Canvas(width: 40, height: 8)
        canvas.put("caption", x: 0, y: 7)
        for synchronized in [true, false] {
            let curses = try #require(HeadlessCurses(columns: 80, rows: 24, synchronized: synchronized))
            curses.draw(canvas, graphics: [kitty, sixel])
            let first = try written(curses, from: 0)
            for part in ["UPLOAD", "a=p,i=7", "0;1q#0~~", "caption"] { #expect(first.contains(part), "\(part) in \(first.debugDescription)") }
            if synchronized {
                #expect(first.hasPrefix(begin) && first.hasSuffix(end) && first.components(separatedBy: begin).count == 2, "\(first.debugDescription)")
            } else {
                #expect(!first.contains(begin) && !first.contains(end))
            }
            // The kitty picture alone taken away (text unchanged): its deletion, still inside one update.
            let before = curses.bytesWritten
            curses.draw(canvas, graphics: [sixel])
            let removed = try written(curses, from: before)
            #expect(removed.contains("a=d,d=i,i=7"), "\(removed.debugDescription)")
            #expect(synchronized ? removed.hasPrefix(begin) && removed.hasSuffix(end) : !removed.contains(begin), "\(removed.debugDescription)")
            let unchanged = curses.bytesWritten
            curses.draw(canvas, graphics: [sixel])
            #expect(curses.bytesWritten == unchanged, "the same pictures again: nothing, no markers")
        }
    }
}

extension HeadlessCursesTests {
    @Test("a frame's links as OSC 8 where the terminal draws them: sent when new or when their cells change, not again otherwise; never where it does not")
    func hyperlinks() throws {
        let open = "\u{1B}]8;;http://m.test/api/products/8\u{1B}\\"
        let curses = try #require(HeadlessCurses(columns: 80, rows: 24, hyperlinks: true))
        func frame(_ note: String, link: String = "http://m.test/api/products/8") -> Canvas {
            var canvas = Canvas(width: 40, height: 4)
            canvas.put(note, x: 0, y: 0)
            canvas.put("Link  " + link, x: 0, y: 2)
            canvas.links = [Hyperlink(url: link, y: 2, columns: 6..<(6 + link.count))!]
            return canvas
        }
        curses.draw(frame("one"))
        let first = try written(curses, from: 0)
        #expect(first.contains(open + "\u{1B}[0mhttp://m.test/api/products/8\u{1B}]8;;\u{1B}\\"), "\(first.debugDescription)")
        #expect(first.contains("\u{1B}7") && first.hasSuffix("\u{1B}8"), "the cursor put back where curses left it")

        var before = curses.bytesWritten
        curses.draw(frame("one"))
        #expect(curses.bytesWritten == before, "unchanged: nothing")
        curses.draw(frame("two"))
        #expect(!(try written(curses, from: before)).contains("\u{1B}]8;;"), "only the note changed: the link stays as it is")
        before = curses.bytesWritten
        curses.draw(frame("two", link: "http://m.test/api/products/9"))
        #expect((try written(curses, from: before)).contains("\u{1B}]8;;http://m.test/api/products/9\u{1B}\\"), "a new link is sent")

        let plain = try #require(HeadlessCurses(columns: 80, rows: 24))
        plain.draw(frame("one"))
        let text = try written(plain, from: 0)
        #expect(text.contains("http://m.test/api/products/8") && !text.contains("\u{1B}]8;;"), "plain text elsewhere")
    }
}


extension HeadlessCursesTests {
    @Test("the terminal's cursor: shown once at a frame's cursor, moved alone when only it moves, hidden when a frame has none")
    func cursor() throws {
        let curses = try #require(HeadlessCurses(columns: 80, rows: 24))
        var canvas = Canvas(width: 20, height: 4)
        canvas.put("Search: 서울", x: 0, y: 3)
        canvas.cursor = CellPosition(x: 12, y: 3)
        curses.draw(canvas)
        let first = try written(curses, from: 0)
        #expect(first.contains("\u{1B}[?25h"), "shown (xterm's cnorm): \(first.debugDescription)")
        #expect(!first.hasSuffix("\u{1B}[?25l"))

        var before = curses.bytesWritten
        curses.draw(canvas)
        #expect(curses.bytesWritten == before, "an unchanged frame, its cursor where it was: nothing sent")

        canvas.cursor = CellPosition(x: 10, y: 3)
        curses.draw(canvas)
        let moved = try written(curses, from: before)
        #expect(!moved.isEmpty && !moved.contains("서") && !moved.contains("?25"), "only a move: \(moved.debugDescription)")

        before = curses.bytesWritten
        canvas.cursor = nil
        curses.draw(canvas)
        #expect(try written(curses, from: before).contains("\u{1B}[?25l"), "hidden (civis)")
    }
}

import Foundation
import Mocks
import Testing

/// Pictures in 24-bit colour through real ncurses into tmux, which keeps each cell's colour: what tmux
/// holds after any sequence of keys must be what a full redraw (Ctrl-L) draws.
@Suite("true-colour pictures, end to end under tmux", .serialized)
struct TrueColorEndToEndTests {
    func directCells(_ screen: String) -> Int { screen.components(separatedBy: "48;2;").count - 1 }

    /// After keys, the screen tmux holds equals the screen a redraw from nothing gives. The screen is
    /// compared once every picture it shows has arrived (no loading mark left): on a loaded machine a
    /// thumbnail scrolled into view may take longer than the settling pause to decode, and the redraw
    /// would then show a picture the first capture had not yet received, which is no leftover.
    func expectNoLeftovers(_ tmux: TmuxSession, after what: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await tmux.waitFor("every picture on screen drawn") { !$0.contains("░") && !$0.contains("loading picture") }
        let drawn = try await tmux.still()
        try tmux.send("C-l")
        try await Task.sleep(for: .milliseconds(300))
        let redrawn = try await tmux.still()
        let a = Self.visibleRows(drawn)
        let b = Self.visibleRows(redrawn)
        let differing = (0..<max(a.count, b.count)).filter { $0 >= a.count || $0 >= b.count || a[$0] != b[$0] }
        let first = differing.first.map { i in
            let left = i < a.count ? a[i] : []
            let right = i < b.count ? b[i] : []
            let column = (0..<min(left.count, right.count)).first { left[$0] != right[$0] } ?? min(left.count, right.count)
            return "\n  at column \(column): drawn \(column < left.count ? left[column] : "end"), redrawn \(column < right.count ? right[column] : "end")"
        } ?? ""
        #expect(differing.isEmpty, "after \(what), rows \(differing) differ from a full redraw\(first)", sourceLocation: sourceLocation)
    }

    /// What each captured row shows (`visible`). tmux writes a row's colours as changes from where the row
    /// before ended, not from plain: a row that starts in the colour the row before ended in starts with no
    /// colour of its own. So the rows are read in order, each starting in the state the one before left.
    static func visibleRows(_ screen: String) -> [[String]] {
        var state = SGRState()
        return screen.split(separator: "\n", omittingEmptySubsequences: false).map { visible($0, from: &state) }
    }

    /// The colours and reverse video a capture has set so far.
    struct SGRState {
        var foreground = "39"
        var background = "49"
        var reverse = false
    }

    /// What a captured row shows, cell by cell: the character, its background, its foreground unless it
    /// is a blank (a blank shows no foreground; curses may leave any there), and reverse video. Trailing
    /// blanks on the default background are dropped (tmux trims them). `state`: the colours the row starts in,
    /// left as the row ends.
    static func visible(_ row: Substring, from state: inout SGRState) -> [String] {
        var cells: [String] = []
        var foreground = state.foreground
        var background = state.background
        var reverse = state.reverse
        defer { state = SGRState(foreground: foreground, background: background, reverse: reverse) }
        var characters = Array(row)
        var i = 0
        while i < characters.count {
            if characters[i] == "\u{1B}", i + 1 < characters.count, characters[i + 1] == "[" {
                var j = i + 2
                while j < characters.count, !characters[j].isLetter { j += 1 }
                let parameters = String(characters[(i + 2)..<min(j, characters.count)]).split(separator: ";").map(String.init)
                var k = 0
                while k < parameters.count {
                    let p = parameters[k]
                    switch p {
                    case "0", "": foreground = "39"; background = "49"; reverse = false
                    case "7": reverse = true
                    case "27": reverse = false
                    case "38", "48":
                        let count = parameters.count > k + 1 && parameters[k + 1] == "2" ? 5 : 3
                        let value = parameters[k..<min(parameters.count, k + count)].joined(separator: ";")
                        if p == "38" { foreground = value } else { background = value }
                        k += count - 1
                    default:
                        if p.count == 2, p.hasPrefix("3") { foreground = p }
                        if p.count == 2, p.hasPrefix("4") { background = p }
                    }
                    k += 1
                }
                i = j + 1
                continue
            }
            let c = characters[i]
            cells.append(c == " " && !reverse ? " \(background)" : "\(c) \(foreground) \(background) \(reverse)")
            i += 1
        }
        characters = []
        while cells.last == " 49" { cells.removeLast() }
        return cells
    }

    @Test("COLORTERM=truecolor: grid and list pictures in 24-bit colour; moving, help, colour changes leave nothing behind")
    func truecolor() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let tmux = try TmuxSession(
            command: "env COLORTERM=truecolor \(BuiltProducts.openmarket) --data-dir \(directory.path) --layout grid", columns: 120, rows: 40)
        try await tmux.waitFor(text: "true colour")
        try await tmux.waitFor("pictures in 24-bit colour") { _ in (try? self.directCells(tmux.capture(escapes: true))) ?? 0 > 500 }
        let first = try await tmux.settled()
        #expect(first.contains("38;5;"), "the text keeps its 256-colour theme")

        for key in ["Right", "Down", "Down", "Right", "Down"] { try tmux.send(key) }
        try await expectNoLeftovers(tmux, after: "moving through the grid")

        try tmux.send("?")
        let help = try await tmux.waitFor(text: "any key closes")
        // Each binding's row of the help box, between the box's sides: no picture cell left there.
        let insides = help.split(separator: "\n").flatMap { $0.split(separator: "│") }.filter { segment in
            ["search (Esc clears)", "open the product", "this help", "register a product"].contains { segment.contains($0) }
        }
        #expect(insides.count == 4)
        for inside in insides { #expect(!inside.contains("▀"), "a picture cell left inside the help box: \(inside)") }
        try await expectNoLeftovers(tmux, after: "opening help")
        try tmux.send("Escape")
        try await expectNoLeftovers(tmux, after: "closing help")

        try tmux.send("c")
        try await tmux.waitFor(text: "256 colours")
        let indexed = try await tmux.settled()
        #expect(directCells(indexed) == 0, "256 colours: every picture cell rewritten in palette colours")
        try tmux.send("Down")
        try tmux.send("Down")
        try await expectNoLeftovers(tmux, after: "scrolling the grid in 256 colours (curses scrolls again)")

        for _ in 0..<4 { try tmux.send("c") }
        try await tmux.waitFor(text: "true colour")
        try await tmux.waitFor("24-bit colour again") { _ in (try? self.directCells(tmux.capture(escapes: true))) ?? 0 > 500 }

        try tmux.send("v")
        try await tmux.waitFor(text: " list")
        try tmux.send(contentsOf: Array(repeating: "Down", count: 12))
        try await expectNoLeftovers(tmux, after: "scrolling the list")
        try tmux.send("Enter")
        try await tmux.waitFor(text: "in stock")
        try await expectNoLeftovers(tmux, after: "opening a product")
        try tmux.resize(columns: 90, rows: 30)
        try await expectNoLeftovers(tmux, after: "resizing")
        try tmux.send("q", "q")
        try await tmux.waitFor(text: "EXITED:0")
    }
}

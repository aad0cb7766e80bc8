import Localization
import OpenMarketAPI
import TerminalUI
import Testing

@testable import MarketFeatures

/// Where the terminal's cursor stands: at the next character of the text field that has the keys (an input
/// method draws the syllable being composed there), nowhere otherwise. A terminal that shows its own cursor
/// gets no drawn one; one that does not (the canvas alone) gets a bar or a reverse-video cell there.
@Suite("The text cursor: where the next character goes")
struct TextCursorTests {
    static func writer() -> BrowserState {
        var state = Samples.loaded(size: ScreenSize(columns: 100, rows: 30))
        state.writer = WriterIdentity(vendorID: 1, vendorName: "demo")
        return state
    }

    /// The state drawn for a terminal that shows its cursor (`terminalCursor`) or not.
    static func drawn(_ state: BrowserState, terminalCursor: Bool) -> Canvas {
        var state = state
        state.terminalCursor = terminalCursor
        return render(state).0
    }

    @Test("the list alone has no cursor")
    func none() {
        #expect(Self.drawn(Self.writer(), terminalCursor: true).cursor == nil)
    }

    @Test("the search line: after the prompt, then after each syllable typed as jamo (composed as typed), two columns each")
    func searchLine() {
        var browser = BrowserTester(browser: Self.writer())
        browser.send(.keyPressed(.character("/"))) { $0.presented = [.search(SearchState())] }
        let row = browser.state.layout.status.y
        let start = DisplayWidth.of(" Search: ")
        #expect(Self.drawn(browser.state, terminalCursor: true).cursor == CellPosition(x: start, y: row))
        let jamo: [Character] = ["\u{1109}", "\u{1165}", "\u{110B}", "\u{116E}", "\u{11AF}"]
        let shown = ["\u{1109}", "서", "서\u{110B}", "서우", "서울"]
        for (n, letter) in jamo.enumerated() {
            browser.send(.keyPressed(.character(letter)), effects: [.scheduleSearch(generation: n + 1, after: .milliseconds(300))]) {
                $0.presented = [.search(SearchState(query: shown[n], generation: n + 1))]
            }
        }
        #expect(browser.state.searchLine?.query.unicodeScalars.count == 2, "two syllables, not five jamo")
        let shownCursor = Self.drawn(browser.state, terminalCursor: true)
        #expect(shownCursor.cursor == CellPosition(x: start + 4, y: row))
        #expect(shownCursor[start + 4, row].text == " ", "the terminal's own cursor: none drawn")
        let drawnCursor = Self.drawn(browser.state, terminalCursor: false)
        #expect(drawnCursor.cursor == CellPosition(x: start + 4, y: row))
        #expect(drawnCursor[start + 4, row].text == "▏", "a bar where the terminal shows none")
    }

    @Test("the palette: on its typed line, after what was typed")
    func palette() {
        var state = Self.writer()
        var palette = PaletteState(entries: [])
        palette.query = "tea"
        state.presented = [.palette(palette)]
        let canvas = Self.drawn(state, terminalCursor: true)
        let row = canvas.lines().firstIndex { $0.contains("› tea") }
        let line = canvas.lines()[row ?? 0]
        let x = line.range(of: "› tea").map { DisplayWidth.of(String(line[..<$0.lowerBound])) + DisplayWidth.of("› tea") }
        #expect(row != nil && canvas.cursor == CellPosition(x: x ?? -1, y: row ?? -1), "\(String(describing: canvas.cursor))")
    }

    @Test("the form: in the focused field after the text, moved by ←; no reverse cell under the terminal's cursor; none under a question")
    func form() throws {
        var browser = BrowserTester(browser: Self.writer())
        browser.send(.keyPressed(.character("n"))) { $0.presented = [.form(ProductFormState(registering: .krw))] }
        browser.type("서울 ＴＥＡ", intoForm: \.name)
        let canvas = Self.drawn(browser.state, terminalCursor: true)
        let row = try #require(canvas.lines().firstIndex { $0.contains("서울 ＴＥＡ") })
        let line = canvas.lines()[row]
        let x = try #require(line.range(of: "서울 ＴＥＡ").map { DisplayWidth.of(String(line[..<$0.lowerBound])) })
        #expect(canvas.cursor == CellPosition(x: x + 11, y: row))
        #expect(!canvas[x + 11, row].style.attributes.contains(.reverse))
        let drawn = Self.drawn(browser.state, terminalCursor: false)
        #expect(drawn.cursor == CellPosition(x: x + 11, y: row))
        #expect(drawn[x + 11, row].style.attributes.contains(.reverse), "a reverse cell where the terminal shows no cursor")

        browser.send(.keyPressed(.left)) { $0.changeForm { $0.name.apply(.left) } }
        #expect(Self.drawn(browser.state, terminalCursor: true).cursor == CellPosition(x: x + 9, y: row), "before Ａ: two columns back")

        browser.send(.keyPressed(.escape)) { $0.presented.append(.confirmation(Confirmation(action: .discardChanges))) }
        #expect(Self.drawn(browser.state, terminalCursor: true).cursor == nil, "the question has the keys, and no field")
    }

    @Test("the form's editor composes jamo as they are typed, the cursor after the syllable; a canvas drops a cursor off its edge")
    func composing() {
        var editor = TextFieldEditor("", limit: 100)
        for letter in ["\u{1100}", "\u{1161}", "\u{11BC}"] { editor.apply(.character(Character(letter))) }
        #expect(editor.text == "강" && editor.cursor == 1)
        editor.apply(.left)
        editor.insert("\u{1109}\u{1165}")
        #expect(editor.text == "서강" && editor.cursor == 1, "composed in the middle too")
        editor.insert("e\u{0301}")
        #expect(Array(editor.text.unicodeScalars) == Array("서\u{00E9}강".unicodeScalars) && editor.cursor == 2)

        var canvas = Canvas(width: 10, height: 3)
        canvas.cursor = CellPosition(x: 10, y: 0)
        #expect(canvas.cursor == nil)
        var sheet = Canvas(width: 10, height: 10)
        sheet.cursor = CellPosition(x: 2, y: 6)
        canvas.blit(sheet, x: 0, y: -5, clip: canvas.bounds)
        #expect(canvas.cursor == CellPosition(x: 2, y: 1), "carried with the rows shown")
        canvas.cursor = nil
        canvas.blit(sheet, x: 0, y: 0, clip: canvas.bounds)
        #expect(canvas.cursor == nil, "a cursor in rows not shown is not shown")
    }
}

import Mocks
import TerminalUI
import Testing

@testable import MarketFeatures

/// Every key by an action's name: the defaults, a user's keys in their place, conflicts refused, and help
/// and the hints showing the keys in effect.
@Suite("Keymap")
struct KeymapTests {
    @Test("the defaults: every action has a key, no two actions looked at together share one")
    func standard() throws {
        let keymap = Keymap.standard
        for action in KeyAction.allCases {
            #expect(!(keymap.keys[action] ?? []).isEmpty, "\(action)")
            for name in action.defaultKeys { #expect(KeyName.key(name) != nil, "\(action): \(name)") }
        }
        #expect(keymap.action(for: .character("j"), in: .list) == .moveDown)
        #expect(keymap.action(for: .character("j"), in: .detail) == .scrollDown)
        #expect(keymap.action(for: .character("q"), in: .list) == .quit)
        #expect(keymap.action(for: .character("q"), in: .detail) == .back)
        #expect(keymap.action(for: .character("?"), in: .browse) == .help)
        #expect(keymap.action(for: .control("s"), in: .form) == .formSubmit)
        #expect(keymap.action(for: .character("x"), in: .list) == nil)
    }

    @Test("keys given to an action replace its defaults; a key another action has is refused, naming both")
    func bindings() throws {
        let keymap = try Keymap(bindings: [.moveDown: [.character("s"), .down], .moveUp: [.character("w")]])
        #expect(keymap.action(for: .character("s"), in: .list) == .moveDown)
        #expect(keymap.action(for: .character("j"), in: .list) == nil, "j no longer moves")
        #expect(keymap.action(for: .character("j"), in: .detail) == .scrollDown, "the detail keeps its own")
        #expect(throws: Keymap.Conflict(key: .character("q"), action: .moveDown, holder: .quit)) {
            try Keymap(bindings: [.moveDown: [.character("q")]])
        }
        #expect(throws: Keymap.Conflict(key: .character("?"), action: .reload, holder: .help)) {
            try Keymap(bindings: [.reload: [.character("?")]])
        }
        // Moving a key from one action to another works when both are given.
        let swapped = try Keymap(bindings: [.quit: [.character("x")], .moveDown: [.character("q")]])
        #expect(swapped.action(for: .character("q"), in: .list) == .moveDown && swapped.action(for: .character("x"), in: .list) == .quit)
        // The question's keys are its own: n may be the list's register and the question's no.
        #expect(try Keymap(bindings: [.answerYes: [.character("o")]]).action(for: .character("o"), in: .question) == .answerYes)
    }

    @Test("key names: characters, named keys and aliases, ctrl- letters but Ctrl-C, f1–f12; labels for help")
    func names() {
        #expect(KeyName.key("j") == .character("j") && KeyName.key("G") == .character("G") && KeyName.key("?") == .character("?"))
        #expect(KeyName.key("down") == .down && KeyName.key("PageDown") == .pageDown && KeyName.key("space") == .character(" "))
        #expect(KeyName.key("ctrl-n") == .control("n") && KeyName.key("Ctrl-N") == .control("n"))
        #expect(KeyName.key("ctrl-c") == nil, "Ctrl-C always quits")
        #expect(KeyName.key("f5") == .function(5) && KeyName.key("f13") == nil && KeyName.key("dwn") == nil && KeyName.key(" ") == nil)
        #expect(KeyName.key("가") == .character("가"))
        #expect(KeyName.label(.pageDown) == "PgDn" && KeyName.label(.control("f")) == "Ctrl-F" && KeyName.short(.enter) == "⏎")
        let keymap = Keymap.standard
        #expect(keymap.label([.moveUp, .moveDown]) == "↑ ↓  k j")
        #expect(keymap.label([.pageUp, .pageDown]) == "PgUp PgDn", "groups that do not fit are left out")
        #expect(keymap.union([.quit, .back]) == "q  Esc  Bksp")
        #expect(keymap.hint(.open) == "⏎")
    }

    @Test("the browser does what the keymap says: s moves, j no longer does, ctrl-x saves the form")
    func browser() throws {
        var state = Samples.loaded()
        state.keymap = try Keymap(bindings: [.moveDown: [.character("s")], .formSubmit: [.control("x")]])
        state.writer = WriterIdentity(vendorID: 1)
        var browser = BrowserTester(browser: state)
        browser.send(.keyPressed(.character("s"))) { $0.catalog.selectedIndex = 1 }
        browser.send(.keyPressed(.character("j")))  // nothing
        browser.send(.keyPressed(.up)) { $0.catalog.selectedIndex = 0 }
        browser.send(.keyPressed(.character("e")), effects: [.loadFormImages(id: 100)]) {
            $0.presented = [.form(ProductFormState(editing: Samples.product(100)))]
        }
        browser.send(.keyPressed(.control("s")))  // no longer saves: nothing changed, nothing to type
        browser.send(.keyPressed(.control("x"))) { $0.presented = [] }  // saves: with nothing changed, it just closes
    }

    @Test("help and the hint line show the keys in effect")
    func shown() throws {
        var state = Samples.loaded(size: ScreenSize(columns: 100, rows: 30))
        state.keymap = try Keymap(bindings: [.moveDown: [.character("s")], .moveUp: [.character("w")], .help: [.function(1)]])
        var lines = render(state).0.trimmedLines()
        #expect(lines.last?.hasPrefix(" ws move") == true, "\(lines.last ?? "")")
        #expect(lines.last?.contains("F1 help") == true)
        state.presented = [.help(HelpState())]
        lines = render(state).0.trimmedLines()
        #expect(lines.contains { $0.contains("w s") && $0.contains("move (up past the top refreshes)") })
        #expect(lines.contains { $0.contains("F1") && $0.contains("this help") })
    }
}

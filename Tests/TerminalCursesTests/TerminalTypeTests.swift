import Testing
@testable import TerminalCurses

@Suite("Terminal type: every visitor's TERM gets an entry or one clear line")
struct TerminalTypeTests {
    /// A terminfo database holding only `names` (plus dumb, which cannot address the cursor).
    func database(_ names: Set<String>) -> (String) -> TerminfoEntry {
        { name in
            if name == "dumb" { return .withoutCursorAddressing }
            return names.contains(name) ? .usable : .missing
        }
    }

    let stock: Set<String> = ["xterm-256color", "xterm", "vt100", "screen", "screen-256color", "tmux-256color", "linux"]

    @Test("a TERM with an entry is used as it is")
    func exact() {
        #expect(TerminalType.resolve("linux", probe: database(stock)) == .exact("linux"))
        #expect(TerminalType.resolve("xterm-256color", probe: database(stock)).name == "xterm-256color")
    }

    @Test("modern terminals without an entry fall back to xterm-256color", arguments: [
        "xterm-kitty", "alacritty", "wezterm", "foot", "xterm-ghostty", "st-256color", "xterm-futureterm-256color",
        "contour", "xterm-direct",
    ])
    func modern(term: String) {
        #expect(TerminalType.resolve(term, probe: database(stock)) == .fallback(requested: term, used: "xterm-256color"))
    }

    @Test("tmux and screen names fall back within their family first")
    func families() {
        #expect(TerminalType.resolve("tmux-direct", probe: database(stock)).name == "tmux-256color")
        #expect(TerminalType.resolve("tmux-direct", probe: database(["screen", "xterm"])).name == "screen")
        #expect(TerminalType.resolve("screen.xterm-new", probe: database(stock)).name == "screen-256color")
    }

    @Test("an unknown old-style name falls back to xterm, then vt100")
    func plain() {
        #expect(TerminalType.resolve("someterm", probe: database(stock)).name == "xterm")
        #expect(TerminalType.resolve("someterm", probe: database(["vt100"])).name == "vt100")
        #expect(TerminalType.resolve("xterm-kitty", probe: database(["vt100"])).name == "vt100")
    }

    @Test("dumb, empty and unset TERM are refused with one line naming what to set")
    func refused() throws {
        for term in [nil, "", "  ", "dumb"] as [String?] {
            let resolved = TerminalType.resolve(term, probe: database(stock))
            #expect(resolved.name == nil)
            guard case .unusable(let message) = resolved else {
                Issue.record("\(String(describing: term)) was not refused")
                continue
            }
            #expect(message.contains("TERM=xterm-256color"))
            #expect(!message.contains("\n"))
        }
        guard case .unusable(let dumb) = TerminalType.resolve("dumb", probe: database(stock)) else { return }
        #expect(dumb.contains("TERM=dumb"))
    }

    @Test("nothing usable at all is refused rather than crashing")
    func nothing() {
        #expect(TerminalType.resolve("xterm-kitty", probe: database([])).name == nil)
    }

    @Test("a hostile TERM never reaches the message raw")
    func hostile() throws {
        let term = "\u{1B}]0;owned\u{07}" + String(repeating: "x", count: 300)
        guard case .unusable(let message) = TerminalType.resolve(term, probe: { _ in .withoutCursorAddressing }) else {
            Issue.record("not refused")
            return
        }
        #expect(!message.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
        #expect(message.count < 120)
    }

    @Test("this machine's terminfo: known entries, dumb, and a name nobody has")
    func realDatabase() {
        #expect(Terminfo.entry("xterm-256color") == .usable)
        #expect(Terminfo.entry("vt100") == .usable)
        #expect(Terminfo.entry("dumb") == .withoutCursorAddressing)
        #expect(Terminfo.entry("xterm-futureterm-256color") == .missing)
        #expect(Terminfo.entry("") == .missing)
        #expect(Terminfo.resolve("xterm-futureterm-256color") == .fallback(requested: "xterm-futureterm-256color", used: "xterm-256color"))
    }
}

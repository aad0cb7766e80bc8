public import TerminalUI

/// Keys by name, as the settings file writes them (`j`, `G`, `down`, `ctrl-n`, `pgdn`, `space`, `f5` …), and
/// as help and the hint line show them.
public enum KeyName {
    public static let named: [(String, KeyEvent)] = [
        ("up", .up), ("down", .down), ("left", .left), ("right", .right), ("pgup", .pageUp), ("pgdn", .pageDown),
        ("home", .home), ("end", .end), ("enter", .enter), ("esc", .escape), ("tab", .tab), ("backtab", .backTab),
        ("backspace", .backspace), ("delete", .delete), ("space", .character(" ")),
    ]
    static let aliases: [String: String] = [
        "pageup": "pgup", "pagedown": "pgdn", "return": "enter", "escape": "esc", "shift-tab": "backtab", "del": "delete",
        "bs": "backspace",
    ]

    /// The key a name means, or nil: one printable character (case matters), a named key, `ctrl-` and a
    /// letter, or `f1`…`f12`.
    public static func key(_ name: String) -> KeyEvent? {
        if name.count == 1, let character = name.first, !character.isWhitespace, character.isASCII ? character.asciiValue! >= 0x21 && character.asciiValue! < 0x7F : true {
            return .character(character)
        }
        let lower = name.lowercased()
        let canonical = aliases[lower] ?? lower
        if let (_, key) = named.first(where: { $0.0 == canonical }) { return key }
        if canonical.hasPrefix("ctrl-"), canonical.count == 6, let letter = canonical.last, letter.isLetter, letter.isASCII {
            return reserved.contains(letter) ? nil : .control(letter)
        }
        if canonical.hasPrefix("f"), let number = Int(canonical.dropFirst()), (1...12).contains(number) { return .function(number) }
        return nil
    }

    /// Ctrl and these letters never reach an action: C quits, L redraws, Z suspends (the terminal's), and H,
    /// I, J, M arrive as Backspace, Tab and Enter.
    public static let reserved: Set<Character> = ["c", "h", "i", "j", "l", "m", "z"]

    /// How help shows a key: `↑`, `PgDn`, `Ctrl-F`, `Enter`, `j`.
    public static func label(_ key: KeyEvent) -> String {
        switch key {
        case .up: "↑"
        case .down: "↓"
        case .left: "←"
        case .right: "→"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .home: "Home"
        case .end: "End"
        case .enter: "Enter"
        case .escape: "Esc"
        case .tab: "Tab"
        case .backTab: "S-Tab"
        case .backspace: "Bksp"
        case .delete: "Del"
        case .character(" "): "Space"
        case .character(let c): String(c)
        case .control(let c): "Ctrl-" + String(c).uppercased()
        case .function(let n): "F\(n)"
        case .paste: "paste"
        }
    }

    /// How the hint line shows a key: the same, with Enter as ⏎.
    public static func short(_ key: KeyEvent) -> String {
        key == .enter ? "⏎" : label(key)
    }
}

import MarketSearch
import TerminalUI

extension String {
    /// The one-line field (the search line, the palette, the price line) after `character` is typed at its end,
    /// composed as typed (jamo from a terminal, ᄉ then ᅥ, are the syllable 서); nil when it holds `limit` already.
    func typing(_ character: Character, limit: Int) -> String? {
        count < limit ? ComposedText.of(self + String(character)) : nil
    }

    /// The one-line field after an editing key — a character typed, a paste, Backspace, Ctrl-U — or nil when `key`
    /// edits nothing (another key, a character past `limit`, Backspace on an empty line).
    func edited(by key: KeyEvent, limit: Int) -> String? {
        switch key {
        case .backspace: isEmpty ? nil : String(dropLast())
        case .control("u"): ""
        case .character(let character): typing(character, limit: limit)
        case .paste(let pasted): pasting(pasted, limit: limit)
        default: nil
        }
    }

    /// The one-line field after `pasted` is pasted at its end: newlines as spaces, control characters shown,
    /// cut at `limit`, composed.
    func pasting(_ pasted: String, limit: Int) -> String {
        ComposedText.of(self + TerminalText.sanitized(pasted.replacingOccurrences(of: "\n", with: " ")).prefix(max(0, limit - count)))
    }
}

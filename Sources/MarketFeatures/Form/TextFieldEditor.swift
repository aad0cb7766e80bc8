import Foundation
import MarketSearch
public import TerminalUI

/// The text of one form field and its cursor, edited with the usual keys: ←/→, Home/End, Ctrl-A/E,
/// Ctrl-W (word back), Ctrl-U (to the start), Ctrl-K (to the end), Backspace, Delete, and bracketed
/// paste. Works in Characters, so a Korean syllable or an emoji is one step and never split.
public struct TextFieldEditor: Sendable, Equatable {
    public private(set) var characters: [Character]
    /// Cursor position: 0…characters.count.
    public private(set) var cursor: Int
    /// Whether newlines are kept (the description) or turned into spaces.
    public let multiline: Bool
    /// The most characters the field takes (paste is cut there).
    public let limit: Int

    public init(_ text: String = "", multiline: Bool = false, limit: Int = 2000) {
        characters = Array(text)
        cursor = characters.count
        self.multiline = multiline
        self.limit = limit
    }

    public var text: String { String(characters) }

    /// Applies a key; false when the key is not an editing key (the form handles it).
    @discardableResult
    public mutating func apply(_ key: KeyEvent) -> Bool {
        switch key {
        case .character(let c):
            insert(String(c))
        case .paste(let text):
            insert(text)
        case .left:
            cursor = max(0, cursor - 1)
        case .right:
            cursor = min(characters.count, cursor + 1)
        case .home, .control("a"):
            cursor = multiline ? lineStart(of: cursor) : 0
        case .end, .control("e"):
            cursor = multiline ? lineEnd(of: cursor) : characters.count
        case .backspace:
            guard cursor > 0 else { return true }
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .delete, .control("d"):
            guard cursor < characters.count else { return true }
            characters.remove(at: cursor)
        case .control("w"):
            var start = cursor
            while start > 0, characters[start - 1] == " " { start -= 1 }
            while start > 0, characters[start - 1] != " ", characters[start - 1] != "\n" { start -= 1 }
            characters.removeSubrange(start..<cursor)
            cursor = start
        case .control("u"):
            let start = multiline ? lineStart(of: cursor) : 0
            characters.removeSubrange(start..<cursor)
            cursor = start
        case .control("k"):
            let end = multiline ? lineEnd(of: cursor) : characters.count
            characters.removeSubrange(cursor..<end)
        case .enter where multiline:
            insert("\n")
        default:
            return false
        }
        return true
    }

    /// Inserts text at the cursor: control characters dropped (tabs become spaces), newlines kept only
    /// in a multi-line field, and nothing beyond the limit.
    public mutating func insert(_ text: String) {
        var clean: [Character] = []
        for character in text.replacingOccurrences(of: "\r\n", with: "\n") {
            if character == "\n" || character == "\r" {
                clean.append(multiline ? "\n" : " ")
            } else if character == "\t" {
                clean.append(" ")
            } else if character.unicodeScalars.allSatisfy({ !TerminalText.needsReplacement($0) }) {
                clean.append(character)
            }
        }
        let room = max(0, limit - characters.count)
        let accepted = clean.prefix(room)
        // Composed (NFC) as it is typed: decomposed jamo from a terminal (ᄉ, then ᅥ) become the syllable (서) the
        // field shows, counts as one character, steps over and saves; the cursor stays after what was typed.
        let before = ComposedText.of(String(characters[..<cursor]) + String(accepted))
        characters = Array(ComposedText.of(before + String(characters[cursor...])))
        cursor = min(before.count, characters.count)
    }

    private func lineStart(of index: Int) -> Int {
        var i = index
        while i > 0, characters[i - 1] != "\n" { i -= 1 }
        return i
    }

    private func lineEnd(of index: Int) -> Int {
        var i = index
        while i < characters.count, characters[i] != "\n" { i += 1 }
        return i
    }

    /// For a one-line field `width` columns wide: the visible text and the cursor's column in it,
    /// scrolled so the cursor is always inside.
    public func visible(width: Int) -> (text: String, cursorColumn: Int) {
        guard width > 1 else { return ("", 0) }
        var start = 0
        var columns = DisplayWidth.of(String(characters[0..<cursor]))
        while columns > width - 1, start < cursor {
            columns -= DisplayWidth.of(characters[start])
            start += 1
        }
        var shown = ""
        var used = 0
        for character in characters[start...] {
            let w = DisplayWidth.of(character)
            if used + w > width { break }
            shown.append(character)
            used += w
        }
        return (shown, columns)
    }
}

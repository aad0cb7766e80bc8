import Localization
import TerminalUI

/// What every widget of the browser draws with: the theme, the spinner's tick, and whether the browser
/// may write (so `e` and `d` are offered).
struct RenderContext: Sendable {
    var theme: Theme
    var spinnerFrame: Int
    var canWrite: Bool
    /// Which keys do what: hints and help show these.
    var keymap: Keymap = .standard
    /// The language every line is written in.
    var language: Language = .english
    /// The market's address, for products' links (empty: none shown).
    var marketURL = ""
    /// The wish list (its view draws it; the list and grid mark its products ♥).
    var wishes = WishesState()
    /// The marked products (the list and the grid mark them ✓).
    var marks = Marks()
    /// What the about box says, when it is open (worked out only then).
    var about: AboutFacts?
    /// The terminal shows its own cursor at `Canvas.cursor`: a text field draws no cursor of its own.
    var terminalCursor = false

    /// The spinner's glyph now.
    var spinner: String { theme.spinner(at: spinnerFrame) }

    /// The words of `phrase` in the screen's language.
    func text(_ phrase: Phrase) -> String { language.text(phrase) }

    /// A key and its hint word in the screen's language.
    func hint(_ key: String, _ word: Phrase.Hint) -> KeyHint { KeyHint(key, language.text(.hint(word))) }
}

/// A key and what it does, for the hint line.
struct KeyHint: Sendable, Equatable {
    var key: String
    var action: String

    init(_ key: String, _ action: String) {
        self.key = key
        self.action = action
    }
}

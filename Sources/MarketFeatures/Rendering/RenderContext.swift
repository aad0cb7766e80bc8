import TerminalUI

/// What every widget of the browser draws with: the theme, the spinner's tick, and whether the browser
/// may write (so `e` and `d` are offered).
struct RenderContext: Sendable {
    var theme: Theme
    var spinnerFrame: Int
    var canWrite: Bool
    /// Which keys do what: hints and help show these.
    var keymap: Keymap = .standard

    /// The spinner's glyph now.
    var spinner: String { theme.spinner(at: spinnerFrame) }
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

import Untrusted

/// A settings file that cannot be used, said in one line a person can act on: the file, the line, the key,
/// what was expected, and the nearest valid key for a typo. `openmarket` exits with 78 (EX_CONFIG) on it.
public struct SettingsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file.
    public var path: String
    /// The line (1-based), when the problem has one.
    public var line: Int?
    /// The key the problem is with, as written (made printable).
    public var key: String?
    /// What is wrong, and what was expected.
    public var problem: String
    /// The valid key nearest to a mistyped one.
    public var suggestion: String?

    public init(path: String, line: Int? = nil, key: String? = nil, problem: String, suggestion: String? = nil) {
        self.path = path
        self.line = line
        self.key = key.map(Self.printable)
        self.problem = problem
        self.suggestion = suggestion
    }

    /// `config.yaml:3: layot: not a setting — did you mean “layout”?`
    public var description: String {
        var text = path
        if let line { text += ":\(line)" }
        text += ": "
        if let key { text += key + ": " }
        text += problem
        if let suggestion { text += " — did you mean “\(suggestion)”?" }
        return Self.escaped(text)  // the file's own text (values, names) may hold anything
    }

    /// The exit status for a settings mistake (sysexits' EX_CONFIG).
    public static let exitStatus: Int32 = 78

    /// Text from the file as it can be shown on one line, cut at 80 characters: control characters as
    /// placeholders (`UntrustedText.shown`).
    public static func printable(_ text: String) -> String {
        UntrustedText.shown(text, limit: 80)
    }

    /// `text` with its control characters as placeholders: nothing from a file reaches a terminal raw.
    public static func escaped(_ text: String) -> String {
        UntrustedText.shown(text)
    }
}

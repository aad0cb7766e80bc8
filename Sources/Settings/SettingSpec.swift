/// One top-level setting as the file knows it: its name, what it takes, its default as written, a line on
/// what it does and the option that overrides it — what `config init` writes and what each value is checked
/// against at its line. The launch layer's typed `Setting`s carry one each; the file is read with theirs.
public struct SettingSpec: Sendable, Equatable {
    /// What a setting takes.
    public enum Kind: Sendable, Equatable {
        /// One of these words.
        case choice([String])
        /// A number no smaller than `minimum`.
        case number(minimum: Double)
        /// `true` or `false`.
        case flag
        /// Any one-line text (a name or a URL).
        case text
    }

    /// The name as the file writes it.
    public var name: String
    /// What the setting takes.
    public var kind: Kind
    /// The default, as it would be written in the file.
    public var defaultText: String
    /// One line on what it does (the commented file and `config show` use it).
    public var summary: String
    /// The command-line option that overrides it, as help names it (`--mouse / --no-mouse`).
    public var option: String
    /// What a value must be, in words, for an error.
    public var expected: String

    /// A setting named `name`; `expected` says in words what a text setting takes (the others say it by their kind).
    public init(name: String, kind: Kind, defaultText: String, summary: String, option: String? = nil, expected: String? = nil) {
        self.name = name
        self.kind = kind
        self.defaultText = defaultText
        self.summary = summary
        self.option = option ?? (kind == .flag ? "--\(name) / --no-\(name)" : "--\(name)")
        switch kind {
        case .choice(let words): self.expected = expected ?? Self.list(words)
        case .number(let minimum): self.expected = expected ?? "a number of \(Self.format(minimum)) or more"
        case .flag: self.expected = expected ?? "true or false"
        case .text: self.expected = expected ?? "a name or a URL"
        }
    }

    /// Words as a person lists them: "a, b or c".
    public static func list(_ words: [String]) -> String {
        guard let last = words.last else { return "" }
        return words.count == 1 ? last : words.dropLast().joined(separator: ", ") + " or " + last
    }

    /// A number as the file writes it: 10, 2.5.
    public static func format(_ number: Double) -> String {
        number == number.rounded() ? String(Int(number)) : String(number)
    }
}

public import Settings

/// One setting, whole: the file's words for it (`spec`: name, kind, default, summary, option), the
/// environment variables that set it, the choice kept at exit that sets it, and how its words become a value
/// and back. Ranking them is the one resolver's work (`SettingLayers`); a new setting is one of these (a
/// static member in a file of `Settings/`) and its line in `LaunchSettings.all`.
public struct Setting<Value: Sendable & Equatable>: Sendable {
    /// An environment variable that sets the setting.
    public struct EnvironmentSource: Sendable, Equatable {
        /// The variable.
        public var key: String
        /// The setting's words any non-empty value stands for (`NO_COLOR` means `none`); nil: the value itself.
        public var means: String?

        public init(_ key: String, means: String? = nil) {
            self.key = key
            self.means = means
        }
    }

    /// The file's words for it.
    public let spec: SettingSpec
    /// The variables that set it, the first over the others; an empty value says nothing.
    public let environment: [EnvironmentSource]
    /// The choice kept at the last exit for it, when choices are kept for it.
    public let remembered: (@Sendable (RememberedChoices) -> String?)?
    /// Words that pass the question to the next rank (the language's `auto`, at any rank, asks the locale).
    public let passesOn: Set<String>
    /// The value when nobody says.
    public let standard: Value
    /// Its words as a value; the context holds what a value may name (the file's servers and themes).
    let parse: @Sendable (String, SettingContext) throws(SettingRefusal) -> Value
    /// A value in the file's words (`config show`).
    let words: @Sendable (Value) -> String
    /// Asked below the file, above the default (the locale, for the language).
    let fallback: (@Sendable ([String: String]) -> Resolved<Value>?)?

    public init(
        _ spec: SettingSpec, standard: Value, environment: [EnvironmentSource] = [],
        remembered: (@Sendable (RememberedChoices) -> String?)? = nil, passesOn: Set<String> = [],
        fallback: (@Sendable ([String: String]) -> Resolved<Value>?)? = nil,
        parse: @escaping @Sendable (String, SettingContext) throws(SettingRefusal) -> Value,
        words: @escaping @Sendable (Value) -> String
    ) {
        self.spec = spec
        self.standard = standard
        self.environment = environment
        self.remembered = remembered
        self.passesOn = passesOn
        self.fallback = fallback
        self.parse = parse
        self.words = words
    }

    /// The name as the file writes it.
    public var name: String { spec.name }

    /// `text` as a value of this setting, or why not.
    public func value(of text: String, in context: SettingContext) throws(SettingRefusal) -> Value {
        try parse(text, context)
    }

    /// `value` in the file's words.
    public func text(of value: Value) -> String { words(value) }
}

extension Setting where Value == Bool {
    /// A `true`/`false` setting with its `--name` and `--no-name` options.
    static func flag(_ name: String, standard: Bool, summary: String) -> Setting<Bool> {
        Setting(
            SettingSpec(name: name, kind: .flag, defaultText: String(standard), summary: summary), standard: standard,
            parse: { text, _ throws(SettingRefusal) in
                switch text.lowercased() {
                case "true": return true
                case "false": return false
                default: throw SettingRefusal(allowed: "true or false")
                }
            },
            words: { String($0) })
    }
}

extension Setting {
    /// One of `choices`' words, each standing for its value (case does not matter).
    static func choice(_ spec: SettingSpec, standard: Value, environment: [EnvironmentSource] = [],
        remembered: (@Sendable (RememberedChoices) -> String?)? = nil, _ value: @escaping @Sendable (String) -> Value?,
        words: @escaping @Sendable (Value) -> String
    ) -> Setting<Value> {
        Setting(
            spec, standard: standard, environment: environment, remembered: remembered,
            parse: { text, _ throws(SettingRefusal) in
                guard let chosen = value(text) else { throw SettingRefusal(allowed: spec.expected) }
                return chosen
            },
            words: words)
    }
}

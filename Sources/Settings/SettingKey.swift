/// A setting of the file's top level: its name as written, the values it takes, what it does and its default.
/// (`servers` is the one section; its entries are `NamedServer`s.)
public enum SettingKey: String, CaseIterable, Sendable, Comparable {
    case server
    case layout
    case pictures
    case colors
    case pollInterval = "poll-interval"
    case mouse
    case ascii
    case theme
    case lang
    case remember

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

    /// The name of the file's one section: named servers.
    public static let serversSection = "servers"
    /// The name of the section that gives actions keys of their own.
    public static let keysSection = "keys"
    /// The name of the section of user themes.
    public static let themesSection = "themes"

    /// What the setting takes.
    public var kind: Kind {
        switch self {
        case .server: .text
        case .layout: .choice(["grid", "list"])
        case .pictures: .choice(["auto", "kitty", "sixel", "iterm", "blocks", "off"])
        case .colors: .choice(["auto", "true", "256", "16", "8", "none"])
        case .pollInterval: .number(minimum: 1)
        case .mouse, .ascii, .remember: .flag
        case .theme: .text
        case .lang: .choice(["auto", "en", "ko"])
        }
    }

    /// The default, as it would be written in the file.
    public var defaultText: String {
        switch self {
        case .server: "embedded"
        case .layout: "grid"
        case .pictures, .colors: "auto"
        case .pollInterval: "10"
        case .mouse: "true"
        case .ascii: "false"
        case .theme: "auto"
        case .lang: "auto"
        case .remember: "true"
        }
    }

    /// One line on what it does (the commented file and `config show` use it).
    public var summary: String {
        switch self {
        case .server: "The market browsed: a name under `servers`, or a URL; `embedded` starts one in-process."
        case .layout: "How products are laid out at start: grid (the shop window) or list; v toggles."
        case .pictures: "Pictures: auto (what the terminal answers it can draw), kitty, sixel, iterm, blocks or off."
        case .colors: "Colours to start with: auto, true (24-bit pictures), 256, 16, 8 or none; c cycles."
        case .pollInterval: "Seconds between checks for new products (1 or more)."
        case .mouse: "Whether clicks and the wheel work."
        case .ascii: "ASCII only, for terminals that draw block characters double-width."
        case .remember: "Whether the layout, pictures and colours are kept for the next start, per market."
        case .lang: "Language: auto (the locale: LC_ALL, LC_MESSAGES or LANG; ko_KR.UTF-8 is Korean), en or ko."
        case .theme: "Colours: auto (light or dark, as the terminal's background is), dark, light, high-contrast, or a name under `themes`."
        }
    }

    /// The command-line option that overrides it.
    public var option: String {
        switch self {
        case .mouse: "--mouse / --no-mouse"
        case .ascii: "--ascii / --no-ascii"
        case .remember: "--remember / --no-remember"
        default: "--" + rawValue
        }
    }

    /// What a value must be, in words, for an error.
    public var expected: String {
        switch kind {
        case .choice(let words): Self.list(words)
        case .number(let minimum): "a number of \(Self.format(minimum)) or more"
        case .flag: "true or false"
        case .text: self == .theme ? "auto, dark, light, high-contrast or a name under `themes`" : "a name or a URL"
        }
    }

    public static func < (lhs: SettingKey, rhs: SettingKey) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// Words as a person lists them: "a, b or c".
    static func list(_ words: [String]) -> String {
        guard let last = words.last else { return "" }
        return words.count == 1 ? last : words.dropLast().joined(separator: ", ") + " or " + last
    }

    /// A number as the file writes it: 10, 2.5.
    public static func format(_ number: Double) -> String {
        number == number.rounded() ? String(Int(number)) : String(number)
    }
}

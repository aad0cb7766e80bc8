public import MarketFeatures

/// The theme asked for: one by name, or `auto` — light or dark as the terminal's background is (it is asked,
/// OSC 11, with the picture questions); dark when it does not say.
public enum ThemeChoice: Sendable, Equatable {
    case auto
    case named(ThemeName)
    /// A theme of the settings file's `themes:`.
    case custom(CustomTheme)

    /// As the settings file writes it.
    public var settingName: String {
        switch self {
        case .auto: "auto"
        case .named(let name): name.rawValue
        case .custom(let theme): theme.name
        }
    }
}

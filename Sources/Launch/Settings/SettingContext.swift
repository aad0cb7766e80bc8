public import MarketFeatures
public import Settings

/// What a setting's words may name: the settings file's named servers and its themes.
public struct SettingContext: Sendable {
    /// The settings file read (its servers, its path).
    public var file: Settings
    /// Its `themes:`, made themes.
    public var themes: [String: CustomTheme]

    public init(file: Settings, themes: [String: CustomTheme] = [:]) {
        self.file = file
        self.themes = themes
    }
}

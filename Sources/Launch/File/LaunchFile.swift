public import MarketFeatures
public import Settings

/// The settings file read whole for a launch: its lines checked as the settings' table says, what each value
/// names (a server, a theme) checked at its line, its `keys:` made a keymap and its `themes:` themes.
public struct LaunchFile: Sendable {
    /// What the file says.
    public var settings: Settings
    /// Its keys.
    public var keymap: Keymap
    /// Its themes, by name.
    public var themes: [String: CustomTheme]

    /// The file at `location`, or its first mistake.
    public static func load(_ location: SettingsFile.Location) throws(SettingsError) -> LaunchFile {
        try checked(SettingsFile.load(location, specs: LaunchSettings.specs))
    }

    /// `text` as the file at `path`, or its first mistake.
    public static func parse(_ text: String, path: String) throws(SettingsError) -> LaunchFile {
        try checked(SettingsFile.parse(text, path: path, specs: LaunchSettings.specs))
    }

    static func checked(_ settings: Settings) throws(SettingsError) -> LaunchFile {
        let themes = try ThemeSettings.themes(settings)
        let context = SettingContext(file: settings, themes: themes)
        for setting in LaunchSettings.all { try setting.check(context) }
        return LaunchFile(settings: settings, keymap: try KeymapSettings.keymap(settings), themes: themes)
    }

    /// The layers a launch resolves its settings among, this file's with the options, environment and kept choices.
    public func layers(
        _ options: LaunchOptions = LaunchOptions(), environment: [String: String] = [:],
        remembered: (choices: RememberedChoices, path: String)? = nil
    ) -> SettingLayers {
        SettingLayers(options: options, environment: environment, file: settings, themes: themes, keymap: keymap, remembered: remembered)
    }
}

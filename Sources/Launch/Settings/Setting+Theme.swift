import MarketFeatures
import Settings

extension Setting where Value == ThemeChoice {
    /// The colours: auto (as the terminal's background is), a built-in theme, or one of the file's `themes`.
    public static let theme = Setting(
        SettingSpec(
            name: "theme", kind: .text, defaultText: "auto",
            summary: "Colours: auto (light or dark, as the terminal's background is), dark, light, high-contrast, or a name under `themes`.",
            expected: "auto, dark, light, high-contrast or a name under `themes`"),
        standard: .auto, environment: [EnvironmentSource(EnvironmentKey.theme)],
        parse: { text, context throws(SettingRefusal) in
            if text.lowercased() == "auto" { return .auto }
            if let custom = context.themes[text] { return .custom(custom) }
            if let name = ThemeName(rawValue: text.lowercased()) { return .named(name) }
            let own = context.file.themes.keys.sorted()
            throw SettingRefusal(
                allowed: "auto, dark, light or high-contrast"
                    + (own.isEmpty ? "" : " or the name of a theme in the settings file (\(own.joined(separator: ", ")))"),
                problem: "“\(SettingsError.printable(text))” is neither auto, dark, light, high-contrast nor a name under `themes`",
                candidates: ThemeDefinition.builtIn + own)
        },
        words: { $0.settingName })
}

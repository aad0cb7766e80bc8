public import MarketFeatures
public import Settings

/// The settings file's `themes:` made `CustomTheme`s: every element, colour and attribute named as the
/// browser knows them, each mistake at its line with the nearest valid name.
public enum ThemeSettings {
    /// The user's themes, by name.
    public static func themes(_ settings: Settings) throws(SettingsError) -> [String: CustomTheme] {
        let path = settings.path ?? "settings"
        var themes: [String: CustomTheme] = [:]
        for definition in settings.themes.values.sorted(by: { $0.line < $1.line }) {  // the first mistake in the file first
            let name = definition.name
            let shown = "\(SettingsFile.themesSection).\(name)"
            var theme = CustomTheme(name: name)
            if let (value, line) = definition.base {
                guard let base = ThemeName(rawValue: value.lowercased()) else {
                    throw SettingsError(
                        path: path, line: line, key: "\(shown).base", problem: "“\(value)” is not dark, light or high-contrast",
                        suggestion: NearestName.among(ThemeName.allCases.map(\.rawValue), to: value))
                }
                theme.base = base
            }
            for style in definition.styles {
                guard let element = ThemeElement(rawValue: style.element) else {
                    throw SettingsError(
                        path: path, line: style.line, key: "\(shown).\(style.element)", problem: "not an element of the screen",
                        suggestion: NearestName.among(ThemeElement.allCases.map(\.rawValue) + ["base"], to: style.element))
                }
                theme.styles[element] = try Self.style(style, at: "\(shown).\(style.element)", path: path)
            }
            themes[name] = theme
        }
        return themes
    }

    static func style(_ style: ThemeDefinition.Style, at shown: String, path: String) throws(SettingsError) -> CustomTheme.Style {
        var result = CustomTheme.Style()
        for (field, value) in style.fields.sorted(by: { (style.fieldLines[$0.key] ?? 0) < (style.fieldLines[$1.key] ?? 0) }) {
            let line = style.fieldLines[field] ?? style.line
            switch field {
            case "fg", "bg":
                guard let color = ThemeColor(value) else {
                    throw SettingsError(
                        path: path, line: line, key: "\(shown).\(field)",
                        problem: "“\(value)” is not a colour: #rrggbb, 0–255, default, or a name (black, red, … bright-white)",
                        suggestion: NearestName.among(ThemeColor.names.keys.sorted() + ["default"], to: value.lowercased()))
                }
                if field == "fg" { result.foreground = color } else { result.background = color }
            case _ where CustomTheme.Style.attributeNames[field] != nil:
                guard ["true", "false"].contains(value.lowercased()) else {
                    throw SettingsError(path: path, line: line, key: "\(shown).\(field)", problem: "“\(value)” is not; expected true or false")
                }
                result.attributes[field] = value.lowercased() == "true"
            default:
                throw SettingsError(
                    path: path, line: line, key: "\(shown).\(field)", problem: "not a part of a style (fg, bg, bold, dim, underline, italic, reverse)",
                    suggestion: NearestName.among(["fg", "bg"] + CustomTheme.Style.attributeNames.keys.sorted(), to: field))
            }
        }
        return result
    }
}

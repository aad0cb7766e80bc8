public import MarketFeatures
import Settings

extension Setting where Value == ColorMode? {
    /// The colours to start with; nil is the best the terminal has. `--no-color` and `NO_COLOR` (no-color.org)
    /// mean none.
    public static let colors = Setting(
        SettingSpec(
            name: "colors", kind: .choice(["auto", "true", "256", "16", "8", "none"]), defaultText: "auto",
            summary: "Colours to start with: auto, true (24-bit pictures), 256, 16, 8 or none; c cycles."),
        standard: nil,
        environment: [EnvironmentSource(EnvironmentKey.noColor, means: "none"), EnvironmentSource(EnvironmentKey.colors)],
        remembered: { $0.colors },
        parse: { text, _ throws(SettingRefusal) in
            if text.lowercased() == "auto" { return nil }
            guard let mode = ColorMode(name: text) else { throw SettingRefusal(allowed: "auto, true, 256, 16, 8 or none") }
            return mode
        },
        words: { $0?.settingName ?? "auto" })
}

extension ColorMode {
    /// As the settings file writes it.
    public var settingName: String {
        switch self {
        case .truecolor: "true"
        case .color256: "256"
        case .color16: "16"
        case .color8: "8"
        case .monochrome: "none"
        }
    }
}

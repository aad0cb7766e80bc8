import Settings
public import TerminalUI

extension Setting where Value == PictureModeChoice.Request {
    /// How pictures are drawn: what the terminal answers it can draw, or a way by name.
    public static let pictures = Setting.choice(
        SettingSpec(
            name: "pictures", kind: .choice(["auto", "kitty", "sixel", "iterm", "blocks", "off"]), defaultText: "auto",
            summary: "Pictures: auto (what the terminal answers it can draw), kitty, sixel, iterm, blocks or off."),
        standard: .auto, environment: [EnvironmentSource(EnvironmentKey.pictures)], remembered: { $0.pictures },
        { PictureModeChoice.Request($0) }, words: { $0.settingName })
}

extension PictureModeChoice.Request {
    /// As the settings file writes it.
    public var settingName: String {
        switch self {
        case .auto: "auto"
        case .mode(let mode): mode.rawValue
        }
    }
}

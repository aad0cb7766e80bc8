public import Settings

/// Every setting, in the order the file, `config init` and `config show` give them.
public enum LaunchSettings {
    /// The table.
    public static let all: [any AnySetting] = [
        Setting.server, Setting.layout, Setting.pictures, Setting.colors, Setting.pollInterval, Setting.lowStock, Setting.mouse,
        Setting.ascii, Setting.theme, Setting.language, Setting.remember,
    ]

    /// The file's words for each.
    public static var specs: [SettingSpec] { all.map(\.spec) }
}

public import MarketFeatures
import Settings

extension Setting where Value == LayoutKind {
    /// How products are laid out at start.
    public static let layout = Setting.choice(
        SettingSpec(
            name: "layout", kind: .choice(["grid", "list"]), defaultText: "grid",
            summary: "How products are laid out at start: grid (the shop window) or list; v toggles."),
        standard: .grid, remembered: { $0.layout }, { LayoutKind(rawValue: $0.lowercased()) }, words: { $0.rawValue })
}

/// The built-in themes: `dark` for dark terminal backgrounds (the default), `light` for light ones, and
/// `high-contrast` — strong colours on explicit backgrounds, the terminal's own colours elsewhere, nothing
/// dimmed — for either.
public enum ThemeName: String, Sendable, Equatable, CaseIterable {
    case dark
    case light
    case highContrast = "high-contrast"
}

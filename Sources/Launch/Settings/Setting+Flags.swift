extension Setting where Value == Bool {
    /// Whether clicks and the wheel work.
    public static let mouse = Setting.flag("mouse", standard: true, summary: "Whether clicks and the wheel work.")
    /// ASCII only.
    public static let ascii = Setting.flag(
        "ascii", standard: false, summary: "ASCII only, for terminals that draw block characters double-width.")
    /// Whether the choices left at exit are kept for the next start, per market.
    public static let remember = Setting.flag(
        "remember", standard: true, summary: "Whether the layout, pictures and colours are kept for the next start, per market.")
}

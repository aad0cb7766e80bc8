/// The colour capability a picture is rendered for.
public enum PaletteKind: String, Sendable, Hashable, CaseIterable {
    /// 24-bit colour (SGR 38;2 / 48;2): every pixel keeps its own colour.
    case truecolor
    /// xterm's 256 colours, using only 16–255 (the 6×6×6 cube and the grey ramp): those are the same
    /// on every terminal, unlike the first 16 that themes redefine.
    case xterm256
    /// The 16 ANSI colours (0–15).
    case ansi16
    /// The 8 basic ANSI colours (0–7).
    case ansi8
    /// No colour: an ASCII density ramp.
    case monochrome
}

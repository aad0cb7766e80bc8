/// How product pictures are shown: a terminal graphics protocol, half blocks, or not at all.
public enum PictureMode: String, Sendable, Equatable, CaseIterable {
    /// The kitty graphics protocol (kitty, Ghostty, WezTerm, Konsole).
    case kitty
    /// Sixel (foot, WezTerm, mlterm, Windows Terminal, iTerm2, xterm -ti vt340).
    case sixel
    /// iTerm2's inline images (iTerm2, WezTerm).
    case iterm
    /// Two coloured pixels per cell with "▀": every terminal with colour.
    case blocks
    /// No pictures.
    case off

    /// The name the status line shows.
    public var label: String {
        switch self {
        case .kitty: "kitty"
        case .sixel: "sixel"
        case .iterm: "iTerm"
        case .blocks: "blocks"
        case .off: "no pictures"
        }
    }

    /// Draws real pixels (a graphics protocol) rather than characters.
    public var isGraphics: Bool { self == .kitty || self == .sixel || self == .iterm }
}

/// Whether the terminal's colours are dark or light, as it reports them when they change (DEC private mode 2031,
/// "color palette updates": Ghostty, kitty, Contour, VTE, tmux 3.6 — `CSI ? 997 ; 1 n` dark, `; 2 n` light).
public enum TerminalColorScheme: Hashable, Sendable {
    case dark
    case light
}

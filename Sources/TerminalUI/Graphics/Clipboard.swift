import Foundation

/// Setting the clipboard of the terminal's own machine through the terminal (OSC 52) — over SSH too, where
/// nothing else reaches the visitor's clipboard.
public enum Clipboard {
    /// The most text sent at once: terminals drop larger OSC 52 payloads (xterm's default limit is about
    /// 100 KB of base64, tmux's and some others' lower), and a link or a line is far smaller.
    public static let maximumBytes = 4096

    /// `ESC ] 52 ; c ; base64 ESC \` for `text`, or nil when it is empty or longer than `maximumBytes` in
    /// UTF-8. The payload is base64, so no byte of the text can end the sequence early.
    public static func sequence(for text: String) -> [UInt8]? {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count <= maximumBytes else { return nil }
        return Array("\u{1B}]52;c;\(Data(bytes).base64EncodedString())\u{1B}\\".utf8)
    }
}

/// Whether a terminal puts on its clipboard what a program sends with OSC 52 — no terminal answers it, so
/// this is what its answers to the start-up questions tell (`TerminalAnswers.clipboard`).
public enum ClipboardSupport: Sendable, Equatable {
    /// It says it does (Primary Device Attributes 52), or it is one that does unless told not to.
    case takes
    /// It is one that does not, unless told to (`terminal`: its name as the status line says it).
    case declines(terminal: String)
    /// Nothing tells (tmux takes it only with `set-clipboard on`; a terminal that gave no name).
    case unknown

    /// By Primary Device Attributes (`attributes`: 52 is clipboard access, which some terminals report)
    /// and else by the name XTVERSION answered (`version`).
    public static func of(attributes: [Int]?, version: String?) -> ClipboardSupport {
        if attributes?.contains(52) == true { return .takes }
        guard let name = version?.lowercased() else { return .unknown }
        if ["kitty", "wezterm", "foot", "ghostty", "alacritty", "contour", "rio"].contains(where: { name.hasPrefix($0) }) {
            return .takes
        }
        // XTerm refuses it unless allowWindowOps (or its SetSelection) is allowed; VTE has no OSC 52.
        if name.hasPrefix("xterm") { return .declines(terminal: "XTerm") }
        if name.hasPrefix("vte") { return .declines(terminal: "VTE") }
        return .unknown
    }
}

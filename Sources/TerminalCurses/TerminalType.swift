import Foundation
import Untrusted

/// Which terminfo entry ncurses runs with for the `TERM` a visitor brings.
///
/// Visitors arrive with every terminal there is (`xterm-kitty`, `alacritty`, `foot`, `xterm-ghostty`, …), and
/// a host may lack their terminfo entries. Refusing them (ncurses' "Error opening terminal") turns people
/// away, so a name without an entry falls back to the closest one that exists; only a terminal that cannot
/// move the cursor at all (`dumb`, an empty `TERM`) is refused, with a sentence saying what to set.
public enum TerminalType: Equatable, Sendable {
    /// The terminal's own entry exists and is used.
    case exact(String)
    /// No entry for `requested`; `used` is the closest entry that exists.
    case fallback(requested: String, used: String)
    /// Nothing full-screen can be drawn; `message` is one line saying why and what to set.
    case unusable(message: String)

    /// The entry to hand to ncurses, or nil when the terminal is unusable.
    public var name: String? {
        switch self {
        case .exact(let name): name
        case .fallback(_, let used): used
        case .unusable: nil
        }
    }

    /// Chooses the entry for `term`. `probe` answers for one name what the terminfo database holds.
    public static func resolve(_ term: String?, probe: (String) -> TerminfoEntry) -> TerminalType {
        let requested = (term ?? "").trimmingCharacters(in: .whitespaces)
        guard !requested.isEmpty else {
            return .unusable(message: Self.refusal("TERM is not set"))
        }
        switch probe(requested) {
        case .usable:
            return .exact(requested)
        case .withoutCursorAddressing:
            return .unusable(message: Self.refusal("TERM=\(Self.printable(requested)) cannot draw a full screen"))
        case .missing:
            for candidate in fallbacks(for: requested) where probe(candidate) == .usable {
                return .fallback(requested: requested, used: candidate)
            }
            return .unusable(
                message: Self.refusal("no terminfo entry fits TERM=\(Self.printable(requested))"))
        }
    }

    /// The entries to try, closest first, for a name the database does not have.
    static func fallbacks(for requested: String) -> [String] {
        let name = requested.lowercased()
        var candidates: [String] = []
        if name.hasPrefix("tmux") {
            candidates += ["tmux-256color", "screen-256color", "screen"]
        } else if name.hasPrefix("screen") {
            candidates += ["screen-256color", "screen"]
        }
        let manyColours = ["256color", "direct", "truecolor", "24bit"].contains { name.contains($0) }
        if manyColours || modernTerminals.contains(where: { name.contains($0) }) {
            candidates.append("xterm-256color")
        }
        candidates += ["xterm", "vt100"]
        var seen = Set<String>()
        return candidates.filter { seen.insert($0).inserted && $0 != name }
    }

    /// Names (or parts of names) of terminal emulators that all speak xterm's language with 256 colours.
    static let modernTerminals = [
        "kitty", "alacritty", "wezterm", "foot", "ghostty", "st-", "contour", "rio", "konsole", "gnome", "vte",
        "iterm", "mintty", "ms-terminal", "terminator", "tilix", "xfce", "hyper", "tabby", "warp",
    ]

    private static func refusal(_ reason: String) -> String {
        "openmarket: \(reason); set TERM=xterm-256color or similar."
    }

    /// The name as it may be shown: at most 32 characters, control characters as placeholders (TERM comes
    /// from strangers; `UntrustedText.shown`).
    public static func printable(_ name: String) -> String {
        UntrustedText.shown(name, limit: 32)
    }
}

/// What the terminfo database holds for a terminal type.
public enum TerminfoEntry: Equatable, Sendable {
    /// No entry.
    case missing
    /// An entry that can address the cursor: ncurses can draw a full screen.
    case usable
    /// An entry without cursor addressing (`dumb`, hard-copy terminals).
    case withoutCursorAddressing
}

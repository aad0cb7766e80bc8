/// Chooses how to show pictures from what the terminal answered, what the user asked for
/// (`--pictures`, `OPENMARKET_PICTURES`) and, only to break a tie, the environment.
public struct PictureModeChoice: Sendable, Equatable {
    /// What the user asked for: `auto`, or a mode by name.
    public enum Request: Sendable, Equatable {
        case auto
        case mode(PictureMode)

        /// Reads `auto`, `kitty`, `sixel`, `iterm`, `blocks` or `off` (any case); nil for anything else.
        public init?(_ text: String) {
            let name = text.lowercased()
            if name == "auto" {
                self = .auto
            } else if let mode = PictureMode(rawValue: name) {
                self = .mode(mode)
            } else {
                return nil
            }
        }

        /// The accepted names, for help and error messages.
        public static let names = ["auto"] + PictureMode.allCases.map(\.rawValue)
    }

    /// The mode to start in.
    public var mode: PictureMode
    /// The modes the terminal showed it can draw, best first (what the cycling key steps through),
    /// always ending in blocks and off.
    public var available: [PictureMode]
    /// Inside tmux or screen (pictures need passthrough there).
    public var multiplexed: Bool

    public init(mode: PictureMode, available: [PictureMode], multiplexed: Bool) {
        self.mode = mode
        self.available = available
        self.multiplexed = multiplexed
    }

    /// The choice for a terminal that answered `answers`, run with `environment`.
    ///
    /// Only the terminal's own answers make a graphics mode available (the environment may be another
    /// machine's: over `ssh -t` a local `TERM_PROGRAM` says nothing of the terminal). Inside tmux or screen
    /// (`TMUX`, `STY`, a `tmux`/`screen` TERM, or tmux's XTVERSION) pictures are half blocks: a graphics
    /// protocol would be drawn under the multiplexer's feet. A mode the user names is used as asked,
    /// even where the answers say nothing of it (they may know better than a terminal that does not answer).
    public static func choose(request: Request, answers: TerminalAnswers, environment: [String: String]) -> PictureModeChoice {
        let multiplexed = isMultiplexed(answers: answers, environment: environment)
        var graphics: [PictureMode] = []
        if !multiplexed {
            if answers.kittyGraphics == true { graphics.append(.kitty) }
            if answers.sixel && (answers.sixelColorRegisters ?? 256) >= 64 { graphics.append(.sixel) }
            if speaksITermImages(answers: answers) { graphics.append(.iterm) }
            // The tie-breaker: a terminal that speaks several protocols, and says which it is at home with.
            if graphics.count > 1, let preferred = preferred(by: environment, among: graphics) {
                graphics.removeAll { $0 == preferred }
                graphics.insert(preferred, at: 0)
            }
        }
        let available = graphics + [.blocks, .off]
        switch request {
        case .auto:
            return PictureModeChoice(mode: available[0], available: available, multiplexed: multiplexed)
        case .mode(let mode):
            let all = available.contains(mode) ? available : [mode] + available
            return PictureModeChoice(mode: mode, available: all, multiplexed: multiplexed)
        }
    }

    /// The mode after `mode` in `available` (the cycling key), wrapping around.
    public func next(after mode: PictureMode) -> PictureMode {
        guard let index = available.firstIndex(of: mode) else { return available[0] }
        return available[(index + 1) % available.count]
    }

    private static func isMultiplexed(answers: TerminalAnswers, environment: [String: String]) -> Bool {
        let term = environment["TERM"]?.lowercased() ?? ""
        return environment["TMUX"]?.isEmpty == false || environment["STY"]?.isEmpty == false
            || term.hasPrefix("tmux") || term.hasPrefix("screen")
            || answers.version?.lowercased().hasPrefix("tmux") == true
    }

    /// iTerm2 (and WezTerm, which answers kitty first) by its XTVERSION.
    private static func speaksITermImages(answers: TerminalAnswers) -> Bool {
        let version = answers.version?.lowercased() ?? ""
        return version.hasPrefix("iterm2") || version.hasPrefix("wezterm")
    }

    private static func preferred(by environment: [String: String], among modes: [PictureMode]) -> PictureMode? {
        let program = environment["TERM_PROGRAM"]?.lowercased() ?? ""
        let term = environment["TERM"]?.lowercased() ?? ""
        if program == "iterm.app", modes.contains(.iterm) { return .iterm }
        if term == "xterm-kitty" || environment["KITTY_WINDOW_ID"] != nil || program == "ghostty", modes.contains(.kitty) {
            return .kitty
        }
        return nil
    }
}

import Untrusted
import Localization
/// What one SSH session channel has been asked so far, and what its handler should do about each
/// request (SwiftNIO's way: the handler feeds requests in and carries out the action that comes back).
///
/// RFC 4254 §6: a pty request may come before the one shell or exec request a channel takes; window
/// changes may come at any time. Anything out of that order is refused and changes nothing.
struct SessionStateMachine: Sendable {
    /// The client's terminal as its pty request described it.
    struct Terminal: Equatable, Sendable {
        var term: String
        var columns: Int
        var rows: Int
        /// The window in pixels, when the client says (0 when it does not): the browser sizes pictures drawn
        /// as graphics from it where the terminal does not answer the question itself.
        var pixelWidth = 0
        var pixelHeight = 0
    }

    /// What to do about a shell or exec request.
    enum StartAction: Equatable, Sendable {
        /// Run the browser on a pseudo-terminal, opening on a product when one was named.
        case launch(Terminal, productID: Int?)
        /// Answer with a text and an exit status, without a browser.
        case answer(String, status: Int)
        /// Refuse the request (a channel failure when the client wants a reply).
        case refuse
        /// Serve SFTP in the visitor's upload folder.
        case files
    }

    /// What to do about a window change.
    enum ResizeAction: Equatable, Sendable {
        case none
        case resize(columns: Int, rows: Int, pixelWidth: Int = 0, pixelHeight: Int = 0)
    }

    private enum State: Equatable, Sendable {
        /// Before the shell or exec request; the pty request, if one came.
        case waiting(Terminal?)
        /// A browser runs on the terminal.
        case running(Terminal)
        /// An SFTP session runs.
        case files
        /// The request was answered with a text; the channel is closing.
        case answered(Terminal?)
        /// The channel closed; the terminal as it was last, for the log.
        case closed(Terminal?, hadStarted: Bool)
    }

    private var state = State.waiting(nil)
    /// The client's locale, from its environment requests (only `localeNames`, only well-formed values):
    /// the browser's interface follows it.
    private(set) var locale: [String: String] = [:]

    /// The environment a client may set: its locale's language, nothing else (not LC_CTYPE: the browser's
    /// characters are UTF-8 whatever the client's host uses).
    static let localeNames = Set(Language.localeVariables)

    /// The language of a client that sends no locale.
    let defaultLanguage: Language

    /// Where pictures go, said after the keys by `help` on a front that takes files.
    let filesHelp: Phrase.Files?

    init(defaultLanguage: Language = .english, filesHelp: Phrase.Files? = nil) {
        self.defaultLanguage = defaultLanguage
        self.filesHelp = filesHelp
    }

    /// The language the client's locale asks for (the front's default when it sent none): its answers and
    /// goodbye are in it, and so is its browser.
    /// A client sending `C` or `POSIX` names no language (Debian's and macOS's ssh send `LANG` whatever it is).
    var language: Language { Language.ofLocale(in: locale)?.language ?? defaultLanguage }

    /// The locale the browser runs with: the client's when it names a language, else one that names the
    /// front's default language (the browser takes C.UTF-8 for characters where this host has not generated it).
    var browserLocale: [String: String] {
        guard Language.ofLocale(in: locale)?.language != nil else {
            return ["LANG": defaultLanguage == .korean ? "ko_KR.UTF-8" : "C.UTF-8"]
        }
        return locale.merging(["LANG": locale["LANG"] ?? "C.UTF-8"]) { $1 }
    }

    /// The client's terminal as last described (pty request and window changes), if it asked for one.
    var terminal: Terminal? {
        switch state {
        case .waiting(let terminal), .answered(let terminal), .closed(let terminal, _): terminal
        case .running(let terminal): terminal
        case .files: nil
        }
    }

    /// Whether a shell or exec request was taken on this channel.
    var hasStarted: Bool {
        switch state {
        case .running, .answered, .files: true
        case .waiting: false
        case .closed(_, let hadStarted): hadStarted
        }
    }

    /// An environment request (`ssh -o SetEnv=LANG=ko_KR.UTF-8`, or `SendEnv LANG`): taken only before the
    /// shell or exec request, only for a locale name and a well-formed locale value. Returns whether it was.
    mutating func environmentRequested(name: String, value: String) -> Bool {
        guard case .waiting = state, Self.localeNames.contains(name), Self.isLocale(value) else { return false }
        locale[name] = value
        return true
    }

    /// `ko_KR.UTF-8`, `en_US.utf8`, `ko`, `C`, `POSIX`, `C.UTF-8`, `sr_RS@latin`: a language (and territory),
    /// an optional codeset and modifier, in letters, digits, `-` and `_` — nothing a shell or a path could
    /// make more of.
    static func isLocale(_ value: String) -> Bool {
        value.count <= 40 && value.wholeMatch(of: /(?:[a-z]{2,3}(?:_[A-Z]{2})?|C|POSIX)(?:\.[A-Za-z0-9-]{1,16})?(?:@[a-z]{1,16})?/) != nil
    }

    /// A pty request: taken only before the shell or exec request. Returns whether it was taken.
    mutating func terminalRequested(_ terminal: Terminal) -> Bool {
        guard case .waiting = state else { return false }
        state = .waiting(terminal)
        return true
    }

    /// A shell request (`command` nil) or an exec request. The first one decides what the channel does;
    /// any later one is refused.
    mutating func startRequested(command: String?) -> StartAction {
        guard case .waiting(let terminal) = state else { return .refuse }
        let words = (command ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        if words.first == "help" {
            state = .answered(terminal)
            return .answer(SessionLauncher.helpText(in: language) + (filesHelp.map { "\n" + language.text(.files($0)) } ?? ""), status: 0)
        }
        var productID: Int?
        if words.first == "product", words.count == 2, let id = Int(words[1]), id > 0 {
            productID = id
        } else if !words.isEmpty {
            state = .answered(terminal)
            let shown = Self.printable(words.joined(separator: " "))
            return .answer(language.text(.sshUnknownCommand(shown)) + "\r\n", status: 2)
        }
        guard let terminal else {
            state = .answered(nil)
            return .answer(language.text(.sshNeedsTerminal) + "\r\n", status: 1)
        }
        state = .running(terminal)
        return .launch(terminal, productID: productID)
    }

    /// A subsystem request: `sftp` (what `sftp` and today's `scp` ask for) serves files when the front takes
    /// them (`takesFiles`), instead of a shell; anything else, or a second start, is answered or refused.
    mutating func subsystemRequested(_ name: String, takesFiles: Bool) -> StartAction {
        guard case .waiting = state else { return .refuse }
        guard name == "sftp" else {
            state = .answered(nil)
            return .answer(language.text(.files(.unknownSubsystem(Self.printable(name)))) + "\n", status: 1)
        }
        guard takesFiles else {
            state = .answered(nil)
            return .answer(language.text(.files(.openFront)) + "\n", status: 1)
        }
        state = .files
        return .files
    }

    /// A window change: remembered before the browser starts, passed on while it runs.
    mutating func windowChanged(columns: Int, rows: Int, pixelWidth: Int = 0, pixelHeight: Int = 0) -> ResizeAction {
        func changed(_ terminal: Terminal) -> Terminal {
            var terminal = terminal
            terminal.columns = columns
            terminal.rows = rows
            terminal.pixelWidth = pixelWidth
            terminal.pixelHeight = pixelHeight
            return terminal
        }
        switch state {
        case .waiting(let terminal?):
            state = .waiting(changed(terminal))
            return .none
        case .running(let terminal):
            state = .running(changed(terminal))
            return .resize(columns: columns, rows: rows, pixelWidth: pixelWidth, pixelHeight: pixelHeight)
        case .waiting(nil), .answered, .closed, .files:
            return .none
        }
    }

    /// The channel closed. Returns whether a session had started on it (so the connection counts one fewer);
    /// only the first call can return true.
    mutating func closed() -> Bool {
        if case .closed = state { return false }
        let started = hasStarted
        state = .closed(terminal, hadStarted: started)
        return started
    }

    /// A client's own words shown back to it: at most 60 characters, control characters as placeholders
    /// (`UntrustedText.shown`).
    static func printable(_ text: String) -> String {
        UntrustedText.shown(text, limit: 60)
    }
}

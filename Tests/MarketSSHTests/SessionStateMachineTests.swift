import Localization
import Testing

@testable import MarketSSH

@Suite("SSH session requests, in every order")
struct SessionStateMachineTests {
    let xterm = SessionStateMachine.Terminal(term: "xterm-256color", columns: 80, rows: 24)

    func machine() -> SessionStateMachine { SessionStateMachine() }

    @Test("pty, then shell: the browser is launched on the client's terminal")
    func ptyThenShell() {
        var session = machine()
        let answer1 = session.terminalRequested(xterm)
        #expect(answer1)
        let answer2 = session.startRequested(command: nil)
        #expect(answer2 == .launch(xterm, productID: nil))
        #expect(session.hasStarted)
    }

    @Test("exec `product 42` with a pty opens on that product; extra spaces and tabs are fine")
    func productCommand() {
        var session = machine()
        let answer3 = session.terminalRequested(xterm)
        #expect(answer3)
        let answer4 = session.startRequested(command: " product\t42 ")
        #expect(answer4 == .launch(xterm, productID: 42))
    }

    @Test("a shell without a pty is told to use ssh -t, status 1")
    func shellWithoutPTY() {
        var session = machine()
        guard case .answer(let text, let status) = session.startRequested(command: nil) else {
            Issue.record("expected an answer")
            return
        }
        #expect(text.contains("ssh -t"))
        #expect(status == 1)
        #expect(session.hasStarted)
    }

    @Test("help needs no pty and answers the help text with status 0")
    func help() {
        var session = machine()
        let answer5 = session.startRequested(command: "help")
        #expect(answer5 == .answer(SessionLauncher.helpText(), status: 0))
        // Every key a visitor has, and why a keyless visitor's wish list lasts the session.
        let text = SessionLauncher.helpText()
        for key in [":  Ctrl-P", "y Y", "z ", "f F", "o i $", "p "] { #expect(text.contains(key), "help names \(key)") }
        let words = { (text: String) in text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        #expect(words(text).contains("your key is the only thing that tells you from the next visitor"))
        #expect(words(SessionLauncher.helpText(in: .korean)).contains("구별하는 것은 키뿐"))
        // Every line fits a terminal of 80 columns (Korean letters take two).
        for language in [Language.english, .korean] {
            for line in SessionLauncher.helpText(in: language).split(separator: "\n") {
                let columns = line.unicodeScalars.reduce(0) { $0 + ((0x1100...0x11FF).contains($1.value) || (0xAC00...0xD7A3).contains($1.value) ? 2 : 1) }
                #expect(columns <= 80, "\(language): \(line)")
            }
        }
    }

    @Test("unknown commands and bad product numbers: status 2, the words shown without control characters",
          arguments: ["rm -rf /", "product 0", "product -3", "product x", "product 1 2", "\u{1B}]0;owned\u{07}title"])
    func unknownCommand(command: String) {
        var session = machine()
        let answer6 = session.terminalRequested(xterm)
        #expect(answer6)
        guard case .answer(let text, let status) = session.startRequested(command: command) else {
            Issue.record("expected an answer for \(command)")
            return
        }
        #expect(status == 2)
        #expect(text.hasPrefix("Unknown command"))
        #expect(!text.dropLast(2).unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "\(text.debugDescription)")
    }

    @Test("a long command is shown cut to 60 characters")
    func longCommand() {
        var session = machine()
        guard case .answer(let text, _) = session.startRequested(command: String(repeating: "x", count: 500)) else {
            Issue.record("expected an answer")
            return
        }
        #expect(text.contains(String(repeating: "x", count: 59) + "…"))
        #expect(!text.contains(String(repeating: "x", count: 60)))
    }

    @Test("a second shell or exec on a running channel is refused and changes nothing")
    func secondStart() {
        var session = machine()
        let answer7 = session.terminalRequested(xterm)
        #expect(answer7)
        let answer8 = session.startRequested(command: nil)
        #expect(answer8 == .launch(xterm, productID: nil))
        let answer9 = session.startRequested(command: nil)
        #expect(answer9 == .refuse)
        let answer10 = session.startRequested(command: "product 7")
        #expect(answer10 == .refuse)
        let answer11 = session.startRequested(command: "help")
        #expect(answer11 == .refuse)
        #expect(session.terminal == xterm)
        #expect(session.hasStarted)
    }

    @Test("after an answered request (help), a shell is refused too")
    func startAfterAnswer() {
        var session = machine()
        _ = session.startRequested(command: "help")
        let answer12 = session.terminalRequested(xterm)
        #expect(answer12 == false)
        let answer13 = session.startRequested(command: nil)
        #expect(answer13 == .refuse)
    }

    @Test("a pty request after the shell is refused; a second one before it replaces the first")
    func ptyOrder() {
        var session = machine()
        let small = SessionStateMachine.Terminal(term: "vt100", columns: 40, rows: 10)
        let answer14 = session.terminalRequested(small)
        #expect(answer14)
        let answer15 = session.terminalRequested(xterm)
        #expect(answer15)
        let answer16 = session.startRequested(command: nil)
        #expect(answer16 == .launch(xterm, productID: nil))
        let answer17 = session.terminalRequested(small)
        #expect(answer17 == false)
        #expect(session.terminal == xterm)
    }

    @Test("window changes: ignored without a pty, remembered before the shell, passed on while running")
    func windowChanges() {
        var session = machine()
        let answer18 = session.windowChanged(columns: 100, rows: 30)
        #expect(answer18 == .none)
        #expect(session.terminal == nil)
        let answer19 = session.terminalRequested(xterm)
        #expect(answer19)
        let answer20 = session.windowChanged(columns: 120, rows: 40)
        #expect(answer20 == .none)
        let answer21 = session.startRequested(command: nil)
        #expect(answer21 == .launch(.init(term: "xterm-256color", columns: 120, rows: 40), productID: nil))
        let answer22 = session.windowChanged(columns: 200, rows: 60)
        #expect(answer22 == .resize(columns: 200, rows: 60))
        #expect(session.terminal?.columns == 200)
    }

    @Test("the window's pixels, when the client sends them, reach the browser's terminal at launch and on each change")
    func pixels() {
        var session = machine()
        let sized = SessionStateMachine.Terminal(term: "xterm", columns: 80, rows: 24, pixelWidth: 484, pixelHeight: 316)
        let taken = session.terminalRequested(sized)
        #expect(taken)
        let before = session.windowChanged(columns: 100, rows: 30, pixelWidth: 604, pixelHeight: 394)
        #expect(before == .none)
        let launched = SessionStateMachine.Terminal(term: "xterm", columns: 100, rows: 30, pixelWidth: 604, pixelHeight: 394)
        let start = session.startRequested(command: nil)
        #expect(start == .launch(launched, productID: nil))
        let during = session.windowChanged(columns: 120, rows: 40, pixelWidth: 724, pixelHeight: 524)
        #expect(during == .resize(columns: 120, rows: 40, pixelWidth: 724, pixelHeight: 524))
        #expect(session.terminal?.pixelWidth == 724)
    }

    @Test("closing counts a session once, only when one started; the last size stays for the log")
    func closing() {
        var idle = machine()
        let answer23 = idle.closed()
        #expect(answer23 == false)

        var session = machine()
        let answer24 = session.terminalRequested(xterm)
        #expect(answer24)
        _ = session.startRequested(command: nil)
        _ = session.windowChanged(columns: 90, rows: 20)
        let answer25 = session.closed()
        #expect(answer25)
        let answer26 = session.closed()
        #expect(answer26 == false, "a second close does not count again")
        #expect(session.terminal?.columns == 90)
        let answer27 = session.startRequested(command: nil)
        #expect(answer27 == .refuse)
        let answer28 = session.windowChanged(columns: 10, rows: 10)
        #expect(answer28 == .none)
    }

    /// Sends an environment request; whether it was taken.
    func take(_ state: inout SessionStateMachine, name: String, value: String) -> Bool {
        state.environmentRequested(name: name, value: value)
    }

    @Test("the client's locale: LANG and LC_* with well-formed values, before the shell only; nothing else")
    func locale() {
        var state = machine()
        #expect(take(&state, name: "LANG", value: "ko_KR.UTF-8") == true)
        #expect(take(&state, name: "LC_MESSAGES", value: "ko_KR.utf8") == true)
        #expect(take(&state, name: "LC_ALL", value: "C.UTF-8") == true)
        #expect(take(&state, name: "LC_CTYPE", value: "C") == false, "the characters stay UTF-8")
        #expect(take(&state, name: "PATH", value: "/tmp") == false, "only the locale's names")
        #expect(take(&state, name: "LD_PRELOAD", value: "ko") == false)
        #expect(take(&state, name: "LANG", value: "ko_KR.UTF-8; rm -rf /") == false)
        #expect(take(&state, name: "LANG", value: "../../etc/passwd") == false)
        #expect(take(&state, name: "LANG", value: "ko_KR.UTF-8\u{1B}]0;x") == false)
        #expect(take(&state, name: "LANG", value: String(repeating: "k", count: 100)) == false)
        #expect(state.locale == ["LANG": "ko_KR.UTF-8", "LC_MESSAGES": "ko_KR.utf8", "LC_ALL": "C.UTF-8"])
        _ = state.terminalRequested(SessionStateMachine.Terminal(term: "xterm", columns: 80, rows: 24))
        _ = state.startRequested(command: nil)
        #expect(take(&state, name: "LANG", value: "en_US.UTF-8") == false, "not once the browser runs")
        #expect(state.locale["LANG"] == "ko_KR.UTF-8")
        for valid in ["ko", "en_GB", "POSIX", "C", "sr_RS@latin", "de_DE.ISO-8859-1"] {
            #expect(SessionStateMachine.isLocale(valid), "\(valid)")
        }
    }

    @Test("the client's locale chooses the language of its answers: help, the unknown command, the missing terminal")
    func language() {
        var korean = machine()
        #expect(korean.language == .english, "no locale sent: English")
        _ = take(&korean, name: "LANG", value: "ko_KR.UTF-8")
        #expect(korean.language == .korean)
        #expect(korean.startRequested(command: "help") == .answer(SessionLauncher.helpText(in: .korean), status: 0))
        #expect(SessionLauncher.helpText(in: .korean).contains("상품 열기"))
        var unknown = machine()
        _ = take(&unknown, name: "LC_ALL", value: "ko_KR.utf8")
        #expect(unknown.startRequested(command: "ls") == .answer("모르는 명령 “ls”입니다. help나 product 번호를 써 보세요.\r\n", status: 2))
        var noTerminal = machine()
        _ = take(&noTerminal, name: "LANG", value: "ko")
        _ = take(&noTerminal, name: "LC_MESSAGES", value: "C")
        #expect(noTerminal.language == .english, "LC_MESSAGES over LANG")
        #expect(noTerminal.startRequested(command: nil) == .answer(
            "openmarket is a full-screen app and needs a terminal: connect with ssh -t.\r\n", status: 1))
    }

    @Test("the front's default language for clients that send no locale; a client's locale wins; the browser's LANG says which")
    func defaultLanguage() {
        var silent = SessionStateMachine(defaultLanguage: .korean)
        #expect(silent.language == .korean)
        #expect(silent.browserLocale == ["LANG": "ko_KR.UTF-8"])
        #expect(silent.startRequested(command: nil) == .answer("openmarket은 전체 화면 앱이라 터미널이 필요합니다: ssh -t로 연결하세요.\r\n", status: 1))
        var english = SessionStateMachine(defaultLanguage: .korean)
        _ = take(&english, name: "LANG", value: "en_US.UTF-8")
        #expect(english.language == .english && english.browserLocale == ["LANG": "en_US.UTF-8"])
        var messages = SessionStateMachine()
        _ = take(&messages, name: "LC_MESSAGES", value: "ko_KR.UTF-8")
        #expect(messages.language == .korean && messages.browserLocale == ["LANG": "C.UTF-8", "LC_MESSAGES": "ko_KR.UTF-8"])
        #expect(SessionStateMachine().browserLocale == ["LANG": "C.UTF-8"])
        var c = SessionStateMachine(defaultLanguage: .korean)
        _ = take(&c, name: "LANG", value: "C.UTF-8")
        #expect(c.language == .korean && c.browserLocale == ["LANG": "ko_KR.UTF-8"], "C names no language: the front's default")
    }

    @Test("sftp: files on a front that takes them, once, and then nothing else; an open front and another subsystem are answered in the client's language")
    func subsystems() {
        var files = machine()
        let first = files.subsystemRequested("sftp", takesFiles: true)
        #expect(first == .files)
        #expect(files.hasStarted)
        let second = files.subsystemRequested("sftp", takesFiles: true)
        #expect(second == .refuse, "one per channel")
        let shellAfter = files.startRequested(command: nil)
        #expect(shellAfter == .refuse, "no shell after it")
        let pty = files.terminalRequested(xterm)
        #expect(pty == false)
        let closed = files.closed()
        #expect(closed, "it counted as the connection's session")

        var open = machine()
        let openAnswer = open.subsystemRequested("sftp", takesFiles: false)
        #expect(openAnswer == .answer(
            "This server is open to everyone and read-only: it takes no files.\n", status: 1))
        var korean = machine()
        _ = take(&korean, name: "LANG", value: "ko_KR.UTF-8")
        let koreanAnswer = korean.subsystemRequested("netconf\u{1B}[2J", takesFiles: true)
        #expect(koreanAnswer == .answer(
            "여기에는 “netconf␛[2J”이(가) 없습니다. sftp와 scp로 폴더에 사진을 올립니다.\n", status: 1))
        var shell = machine()
        let help = shell.startRequested(command: "help")
        #expect(help != .refuse)
        let afterShell = shell.subsystemRequested("sftp", takesFiles: true)
        #expect(afterShell == .refuse, "not after a shell")
    }

    @Test("help on a front that takes files says where pictures go and the quota")
    func filesHelp() {
        var session = SessionStateMachine(filesHelp: .help(files: 100, fileSize: 20 << 20, space: 200 << 20))
        guard case .answer(let text, 0) = session.startRequested(command: "help") else {
            Issue.record("help answers")
            return
        }
        #expect(text.contains("Pictures for the register form (with your key): sftp -P PORT HOST, then put photo.jpg"))
        #expect(text.contains("Your folder holds 100 JPEG or PNG pictures of up to\n20 MB each, 200 MB in all"))
        var plain = machine()
        guard case .answer(let without, 0) = plain.startRequested(command: "help") else { return }
        #expect(!without.contains("sftp"))
    }
}

import Foundation
import Mocks

/// A real terminal emulator for end-to-end tests, on a virtual X server (Xvfb), running a command: Debian's
/// xterm emulating a VT340 (sixel graphics), or kitty (its own graphics protocol, drawn with Mesa's
/// software OpenGL); keys through xdotool, screenshots of its window with `xwd`.
final class EmulatorSession {
    enum Kind {
        case xtermVT340
        case kitty

        var executable: String { self == .kitty ? "/usr/bin/kitty" : "/usr/bin/xterm" }
        var windowClass: String { self == .kitty ? "kitty" : "xterm" }
    }

    let display: String
    let kind: Kind
    private let server: SpawnedProcess
    private let terminal: SpawnedProcess

    /// Whether xterm, kitty, Xvfb and the X tools are installed (`make deps` installs them).
    static var isAvailable: Bool {
        ["/usr/bin/xterm", "/usr/bin/kitty", "/usr/bin/Xvfb", "/usr/bin/xwd", "/usr/bin/xdotool"].allSatisfy {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// Starts Xvfb on a free display, then the terminal on it running `command` at `columns × rows`
    /// (kitty: a window of that many cells, whatever its font's); `resources` are xterm's X resources.
    init(_ kind: Kind = .xtermVT340, command: [String], columns: Int = 100, rows: Int = 30, resources: [String] = []) async throws {
        self.kind = kind
        // -displayfd: Xvfb picks a free display and writes its number to standard output once it is ready.
        server = try SpawnedProcess("/usr/bin/Xvfb", ["-displayfd", "1", "-screen", "0", "1024x768x24", "-nolisten", "tcp"])
        let number = try await server.waitForOutput(timeout: .seconds(20)) { $0.hasSuffix("\n") }
            .trimmingCharacters(in: .whitespacesAndNewlines)
        display = ":" + number
        // The browser starts once the terminal answers: a terminal's first answer can come late on a busy machine
        // (kitty, drawing with Mesa in software, once took longer than the browser's 600 ms probe under `make
        // test`), and the browser's probe is what the tests look at, not the emulator's start. A shell asks
        // Primary Device Attributes, which every terminal answers, waits up to 20 s, then becomes the command.
        let command = ["/bin/bash", "-c", Self.waitForTerminal, "wait-for-terminal"] + command
        let arguments: [String]
        switch kind {
        case .xtermVT340:
            arguments = ["-display", display, "-ti", "vt340", "-tn", "xterm-256color", "-geometry", "\(columns)x\(rows)+0+0"]
                + resources.flatMap { ["-xrm", $0] } + ["-e"] + command
        case .kitty:
            arguments = [
                // In cells (kitty's `c` suffix), not pixels: the font's cell is 9×20 on some machines and 9×18
                // on others, and a window sized in pixels then holds 26 rows where the test laid out 24.
                "-o", "initial_window_width=\(columns)c", "-o", "initial_window_height=\(rows)c",
                "-o", "remember_window_size=no", "-o", "font_size=11",
            ] + command
        }
        do {
            // The test runner may have NO_COLOR set; a visitor's terminal would not. No settings file and no
            // remembered choices: a developer's own must not change a test, nor one test the next.
            terminal = try SpawnedProcess(
                kind.executable, arguments,
                environment: [
                    "NO_COLOR": "", "LANG": "C.UTF-8", "DISPLAY": display, "LIBGL_ALWAYS_SOFTWARE": "1", "OPENMARKET_CONFIG": "",
                    "OPENMARKET_CHOICES": "",
                ])
        } catch {
            _ = server.stop()
            throw error
        }
    }

    /// Asks the terminal for its device attributes (answered with `ESC [ ? … c`) and waits for the answer
    /// with echo off, then runs its arguments in its place.
    static let waitForTerminal = #"saved=$(stty -g); stty -icanon -echo; printf '\033[c'; IFS= read -r -s -d c -t 20 _; stty "$saved"; exec "$@""#

    /// The terminal's window now (taken on a thread of its own: `xwd` is waited for).
    func screenshot() async throws -> XWDImage {
        let display = self.display
        let windowClass = kind.windowClass
        return try await OwnThread.run {
            let window = try Self.window(windowClass, display: display)
            let process = try SpawnedProcess("/usr/bin/xwd", ["-id", window, "-silent", "-display", display])
            guard process.waitForExitBlocking() == 0 else { throw SpawnError("xwd failed: \(process.standardError)") }
            return try XWDImage(Data(process.standardOutputBytes))
        }
    }

    /// A screenshot once two taken 700 ms apart are the same (at most 20 s; then the last one).
    func settledScreenshot() async throws -> XWDImage {
        var last = try await screenshot()
        let deadline = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(700))
            let next = try await screenshot()
            let previous = last
            let same = try await OwnThread.run { TerminalGraphicsEndToEndTests.differingPixels(previous, next).isEmpty }
            if same { return next }
            last = next
        }
        return last
    }

    private static func window(_ windowClass: String, display: String) throws -> String {
        let found = try SpawnedProcess.run(
            "/usr/bin/xdotool", ["search", "--onlyvisible", "--class", windowClass], environment: ["DISPLAY": display])
        guard let window = found.output.split(separator: "\n").first else { throw SpawnError("no \(windowClass) window on \(display)") }
        return String(window)
    }

    var hasExited: Bool { terminal.hasExited }

    /// Presses keys in the terminal's window (xdotool key names: `j`, `v`, `question`, `Return`).
    func press(_ keys: String...) async throws {
        let display = self.display
        let windowClass = kind.windowClass
        try await OwnThread.run {
            let window = try Self.window(windowClass, display: display)
            // Focused, then typed through XTEST: xterm ignores events sent to it directly (allowSendEvents).
            _ = try SpawnedProcess.run("/usr/bin/xdotool", ["windowfocus", "--sync", window], environment: ["DISPLAY": display])
            for key in keys {
                _ = try SpawnedProcess.run("/usr/bin/xdotool", ["key", key], environment: ["DISPLAY": display])
            }
        }
    }

    /// Resizes the terminal's window to `width × height` pixels (the terminal tells the program: SIGWINCH).
    func resize(width: Int, height: Int) async throws {
        let display = self.display
        let windowClass = kind.windowClass
        try await OwnThread.run {
            let window = try Self.window(windowClass, display: display)
            _ = try SpawnedProcess.run("/usr/bin/xdotool", ["windowsize", "--sync", window, "\(width)", "\(height)"], environment: ["DISPLAY": display])
        }
    }

    func stop() {
        _ = terminal.stop()
        _ = server.stop()
    }
}

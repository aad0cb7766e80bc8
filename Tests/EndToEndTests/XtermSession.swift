import Foundation
import Mocks

/// A real terminal emulator for end-to-end tests: Debian's xterm, emulating a VT340 (sixel graphics), on a
/// virtual X server (Xvfb), running a command; screenshots with `xwd`.
final class XtermSession {
    let display: String
    private let server: SpawnedProcess
    private let terminal: SpawnedProcess

    /// Whether xterm and Xvfb are installed (`make deps` installs them).
    static var isAvailable: Bool {
        ["/usr/bin/xterm", "/usr/bin/Xvfb", "/usr/bin/xwd", "/usr/bin/xdotool"].allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Starts Xvfb on a free display, then xterm on it running `command`; `resources` are X resources
    /// (`XTerm*allowWindowOps: true`, …).
    init(command: [String], columns: Int = 100, rows: Int = 30, resources: [String] = []) async throws {
        // -displayfd: Xvfb picks a free display and writes its number to standard output once it is ready.
        server = try SpawnedProcess("/usr/bin/Xvfb", ["-displayfd", "1", "-screen", "0", "1024x768x24", "-nolisten", "tcp"])
        let number = try await server.waitForOutput(timeout: .seconds(20)) { $0.hasSuffix("\n") }
            .trimmingCharacters(in: .whitespacesAndNewlines)
        display = ":" + number
        let arguments = ["-display", display, "-ti", "vt340", "-tn", "xterm-256color", "-geometry", "\(columns)x\(rows)+0+0"]
            + resources.flatMap { ["-xrm", $0] } + ["-e"] + command
        do {
            // The test runner may have NO_COLOR set; a visitor's terminal would not.
            terminal = try SpawnedProcess("/usr/bin/xterm", arguments, environment: ["NO_COLOR": "", "LANG": "C.UTF-8"])
        } catch {
            _ = server.stop()
            throw error
        }
    }

    /// The whole screen now (taken on a thread of its own: `xwd` is waited for).
    func screenshot() async throws -> XWDImage {
        let display = self.display
        return try await OwnThread.run {
            let process = try SpawnedProcess("/usr/bin/xwd", ["-root", "-silent", "-display", display])
            guard process.waitForExitBlocking() == 0 else { throw SpawnError("xwd failed: \(process.standardError)") }
            return try XWDImage(Data(process.standardOutputBytes))
        }
    }

    var hasExited: Bool { terminal.hasExited }

    /// Presses keys in the terminal's window (xdotool key names: `j`, `v`, `question`, `Return`).
    func press(_ keys: String...) async throws {
        let display = self.display
        try await OwnThread.run { try Self.press(keys, display: display) }
    }

    private static func press(_ keys: [String], display: String) throws {
        let found = try SpawnedProcess.run("/usr/bin/xdotool", ["search", "--onlyvisible", "--class", "xterm"], environment: ["DISPLAY": display])
        guard let window = found.output.split(separator: "\n").first else { throw SpawnError("no xterm window on \(display)") }
        // Focused, then typed through XTEST: xterm ignores events sent to it directly (allowSendEvents).
        _ = try SpawnedProcess.run("/usr/bin/xdotool", ["windowfocus", "--sync", String(window)], environment: ["DISPLAY": display])
        for key in keys {
            _ = try SpawnedProcess.run("/usr/bin/xdotool", ["key", key], environment: ["DISPLAY": display])
        }
    }

    func stop() {
        _ = terminal.stop()
        _ = server.stop()
    }
}

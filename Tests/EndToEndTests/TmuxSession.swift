import Foundation
import Mocks

/// The real binary in a private tmux server: type keys, read the screen, as a user would.
final class TmuxSession {
    let socket = "om-test-\(UUID().uuidString.prefix(8))"
    let tmux: String

    init(command: String, columns: Int = 120, rows: Int = 40) throws {
        tmux = ["/usr/bin/tmux", "/usr/local/bin/tmux"].first { FileManager.default.isExecutableFile(atPath: $0) } ?? "tmux"
        // The exit line in plain attributes (a client killed mid-frame can leave concealed (SGR 8) text on)
        // and on a line of its own: after the shell's “Killed” line, where the browser left the cursor, it
        // once wrapped as “EXITED:1” and “37”. A client killed by SIGKILL leaves the terminal as curses set it,
        // without the newline's carriage return (no ONLCR): the shell's line then ends in the middle of a row, and
        // an echo's bare newline started “EXIT” at column 96 and “ED:137” on the next row (under ASan, whose
        // longer path put it there). So the terminal is made sane first, and each line ends in CR LF.
        // No settings file and no remembered choices unless a test names them (--config, OPENMARKET_CHOICES=…
        // in the command): a developer's own must not change a test, nor one test the next.
        let wrapped =
            "env -u NO_COLOR LANG=C.UTF-8 TERM=tmux-256color OPENMARKET_CONFIG= OPENMARKET_CHOICES= \(command); s=$?; stty sane 2>/dev/null; printf '\\033[0m\\r\\nEXITED:%s\\r\\n' $s; sleep 600"
        let result = try SpawnedProcess.run(
            tmux, ["-L", socket, "-f", "/dev/null", "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", wrapped])
        guard result.status == 0 else { throw SpawnError("tmux new-session failed (\(result.status))") }
    }

    /// The screen as text.
    func capture(escapes: Bool = false) throws -> String {
        try SpawnedProcess.run(tmux, captureArguments(escapes: escapes)).output
    }

    /// tmux's arguments that print the screen (with its colours and attributes, `escapes`).
    private func captureArguments(escapes: Bool) -> [String] {
        ["-L", socket, "capture-pane", "-p"] + (escapes ? ["-e"] : []) + ["-t", "0"]
    }

    /// `capture`, waited for on a thread of its own: the polls below run every 50–100 ms in dozens of tests
    /// at once, and a tmux process waited for on one of the cooperative pool's two threads stalls every
    /// other test's timers meanwhile (timing tests elsewhere were seen 15–66 s late).
    func captured(escapes: Bool = false) async throws -> String {
        let (tmux, arguments) = (tmux, captureArguments(escapes: escapes))
        return try await OwnThread.run { try SpawnedProcess.run(tmux, arguments).output }
    }

    /// Sends tmux key names (`Enter`, `Escape`, `Down`) or literal text (with `literal`).
    func send(_ keys: String..., literal: Bool = false) throws {
        _ = try SpawnedProcess.run(tmux, ["-L", socket, "send-keys", "-t", "0"] + (literal ? ["-l"] : []) + keys)
    }

    /// Sends many keys in one tmux call (a key held down).
    func send(contentsOf keys: [String]) throws {
        _ = try SpawnedProcess.run(tmux, ["-L", socket, "send-keys", "-t", "0"] + keys)
    }

    /// Lets programs inside set tmux's clipboard with OSC 52 (tmux keeps what they set as its newest buffer).
    func acceptClipboard() throws {
        _ = try SpawnedProcess.run(tmux, ["-L", socket, "set-option", "-g", "set-clipboard", "on"])
    }

    /// tmux's newest paste buffer ("" when there is none).
    func pasteBuffer() throws -> String {
        try SpawnedProcess.run(tmux, ["-L", socket, "show-buffer"]).output
    }

    /// Where the terminal's cursor stands (column and row from 0) and whether it is shown, as tmux draws it.
    func cursor() throws -> (x: Int, y: Int, shown: Bool) {
        let out = try SpawnedProcess.run(tmux, ["-L", socket, "display-message", "-p", "-t", "0", "#{cursor_x} #{cursor_y} #{cursor_flag}"])
        let parts = out.output.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        guard parts.count == 3 else { throw SpawnError("tmux cursor: \(out.output)") }
        return (parts[0], parts[1], parts[2] == 1)
    }

    /// The program the pane runs: the shell's first child (`env` became it), for reading its `/proc`.
    func programPID() throws -> pid_t {
        let out = try SpawnedProcess.run(tmux, ["-L", socket, "display-message", "-p", "-t", "0", "#{pane_pid}"])
        guard let shell = Int(out.output.trimmingCharacters(in: .whitespacesAndNewlines)) else { throw SpawnError("tmux pane_pid: \(out.output)") }
        let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        guard let first = children.split(separator: " ").first, let pid = pid_t(first) else { throw SpawnError("the pane's shell has no child") }
        return pid
    }

    func resize(columns: Int, rows: Int) throws {
        _ = try SpawnedProcess.run(tmux, ["-L", socket, "resize-window", "-t", "0", "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// The screen once it holds still: settled (600 ms without a change), and the same again a second later. On a
    /// machine loaded far past its cores a frame's 24-bit colours, written after curses' part of it, reached tmux more
    /// than 600 ms after that part: a capture between them showed a card's picture cells blank (the colours followed,
    /// in the browser's own byte trace, before the redraw; TrueColorEndToEndTests). Settled again while it still changes, at most five times.
    func still() async throws -> String {
        var screen = try await settled()
        for _ in 0..<5 {
            try await Task.sleep(for: .seconds(1))
            let later = try await captured(escapes: true)
            if later == screen { return screen }
            screen = try await settled()
        }
        return screen
    }

    /// Polls the screen until `predicate` holds; returns that screen once a frame has finished arriving.
    ///
    /// A frame reaches tmux in pieces (over SSH, in packets), so the first capture that holds can be a
    /// frame's top without its body: the screen is captured again until two captures 50 ms apart agree
    /// (at most a second; a spinner never stops), and the last capture that holds is returned.
    @discardableResult
    func waitFor(
        _ what: String, timeout: Duration = .seconds(60), _ predicate: (String) -> Bool
    ) async throws -> String {
        let deadline = ContinuousClock.now + timeout
        // The screen is captured once more after the deadline, so that a test whose task waited long for a
        // thread (the cooperative pool busy with other tests) judges the screen as it is then, and shows it.
        while true {
            let late = ContinuousClock.now >= deadline
            let screen = try await captured()
            if predicate(screen) { return try await finished(screen, predicate) }
            if late { throw SpawnError("timed out waiting for \(what); the screen shows:\n\(screen)") }
            try await Task.sleep(for: .milliseconds(100))
        }
    }

    /// `screen` (which holds) or a later capture that also holds, once two captures in a row agree.
    private func finished(_ screen: String, _ predicate: (String) -> Bool) async throws -> String {
        var last = screen
        for _ in 0..<20 {
            try await Task.sleep(for: .milliseconds(50))
            let next = try await captured()
            guard predicate(next) else { return last }
            if next == last { return next }
            last = next
        }
        return last
    }

    /// Polls the screen, with its colours, until it stays the same for `quiet`; returns that screen.
    @discardableResult
    func settled(quiet: Duration = .milliseconds(600), timeout: Duration = .seconds(60)) async throws -> String {
        let deadline = ContinuousClock.now + timeout
        var last = try await captured(escapes: true)
        var since = ContinuousClock.now
        while ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(100))
            let screen = try await captured(escapes: true)
            if screen != last {
                last = screen
                since = ContinuousClock.now
            } else if ContinuousClock.now - since >= quiet {
                return screen
            }
        }
        throw SpawnError("the screen kept changing for \(timeout); it shows:\n\(last)")
    }

    @discardableResult
    func waitFor(text: String, timeout: Duration = .seconds(60)) async throws -> String {
        try await waitFor("“\(text)”", timeout: timeout) { $0.contains(text) }
    }

    deinit {
        _ = try? SpawnedProcess.run(tmux, ["-L", socket, "kill-server"])
    }
}

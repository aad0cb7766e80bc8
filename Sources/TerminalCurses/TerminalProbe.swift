import Foundation
public import TerminalUI

#if canImport(Glibc)
import Glibc
#endif

/// Asks the terminal `TerminalQueries.graphics` in band, before curses takes it over, and reads the
/// answers: on the terminal itself, so it works over SSH and through `ssh -t` where the environment does
/// not cross. Input is read raw and unechoed, so an answer never shows on screen; the wait ends at the
/// answer to Primary Device Attributes (which every terminal sends last) or at `timeout` for a terminal that
/// answers nothing. The terminal's modes are restored before it returns.
public struct TerminalProbe: Sendable {
    /// The descriptor answers are read from and the one questions are written to.
    public var input: Int32
    public var output: Int32
    /// How long to wait for a terminal that does not answer (over SSH, one round trip and then some).
    public var timeout: Duration

    public init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, timeout: Duration = .milliseconds(600)) {
        self.input = input
        self.output = output
        self.timeout = timeout
    }

    /// Whether to ask at all. Not terminals that may print what they do not understand (the Linux console,
    /// real VTs), and not inside screen or tmux: screen takes an APC string for its status line, and
    /// pictures there are half blocks anyway (`PictureModeChoice`).
    public static func asks(environment: [String: String]) -> Bool {
        let term = (environment["TERM"] ?? "").lowercased()
        let literal = ["", "dumb", "vt52", "vt100", "vt102", "vt220", "linux", "ansi", "cons25", "sun"]
        let multiplexed = environment["TMUX"]?.isEmpty == false || environment["STY"]?.isEmpty == false
            || term.hasPrefix("screen") || term.hasPrefix("tmux")
        return !literal.contains(term) && !multiplexed
    }

    /// The answers, with how long they took; empty answers when the input is not a terminal.
    public func ask() -> (answers: TerminalAnswers, elapsed: Duration) {
        let started = ContinuousClock.now
        guard isatty(input) == 1, isatty(output) == 1 else { return (TerminalAnswers(), .zero) }
        var saved = termios()
        guard tcgetattr(input, &saved) == 0 else { return (TerminalAnswers(), .zero) }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        raw.c_iflag &= ~tcflag_t(ICRNL | IXON)
        _ = tcsetattr(input, TCSANOW, &raw)
        defer { _ = tcsetattr(input, TCSANOW, &saved) }

        let questions = Array(TerminalQueries.graphics.utf8)
        guard TerminalOutput.write(questions, to: output) else { return (TerminalAnswers(), ContinuousClock.now - started) }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let deadline = started + timeout
        while ContinuousClock.now < deadline {
            let left = deadline - ContinuousClock.now
            // Rounded up: the loop ends once the deadline has passed, not a fraction of a millisecond before.
            let milliseconds = Int32(
                clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
            var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, milliseconds)
            if ready == 0 || (ready < 0 && errno == EINTR) { continue }
            guard ready > 0 else { break }
            let count = read(input, &buffer, buffer.count)
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard count > 0 else { break }
            received += buffer[0..<count]
            if TerminalAnswers.parse(received).isComplete { break }
        }
        var answers = TerminalAnswers.parse(received)
        var window = winsize()
        if ioctl(output, UInt(TIOCGWINSZ), &window) == 0, window.ws_xpixel > 0, window.ws_ypixel > 0 {
            answers.windowPixels = PixelSize(width: Int(window.ws_xpixel), height: Int(window.ws_ypixel))
            answers.windowCells = PixelSize(width: Int(window.ws_col), height: Int(window.ws_row))
        }
        return (answers, ContinuousClock.now - started)
    }
}

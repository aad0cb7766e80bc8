import Foundation
import Testing

@testable import TerminalCurses
@testable import TerminalUI

#if canImport(Glibc)
import Glibc
#endif

/// The probe on a real pseudo-terminal: the test holds the terminal's side (the master) and answers as a
/// terminal would, or not at all.
@Suite("Terminal probe on a pseudo-terminal", .serialized)
struct TerminalProbeTests {
    /// A pseudo-terminal pair: `terminal` is what a terminal emulator holds, `program` what the program gets.
    struct PseudoTerminalPair {
        let terminal: Int32
        let program: Int32

        init() throws {
            var master: Int32 = -1
            var slave: Int32 = -1
            guard openpty(&master, &slave, nil, nil, nil) == 0 else { throw POSIXError(.EIO) }
            terminal = master
            program = slave
        }

        func close() {
            Glibc.close(terminal)
            Glibc.close(program)
        }

        /// Reads what the program wrote, for up to `timeout`, until `enough` holds.
        func read(timeout: Duration, until enough: ([UInt8]) -> Bool) -> [UInt8] {
            var received: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            let deadline = ContinuousClock.now + timeout
            while ContinuousClock.now < deadline, !enough(received) {
                var descriptor = pollfd(fd: terminal, events: Int16(POLLIN), revents: 0)
                guard poll(&descriptor, 1, 50) > 0 else { continue }
                let count = Glibc.read(terminal, &buffer, buffer.count)
                if count > 0 { received += buffer[0..<count] }
            }
            return received
        }

        func write(_ text: String) {
            _ = text.withCString { Glibc.write(terminal, $0, strlen($0)) }
        }
    }

    func modes(_ descriptor: Int32) -> termios {
        var modes = termios()
        _ = tcgetattr(descriptor, &modes)
        return modes
    }

    @Test("a terminal that answers: the answers are read, the wait ends at Primary Device Attributes, the modes come back")
    func answered() async throws {
        let pair = try PseudoTerminalPair()
        defer { pair.close() }
        let before = modes(pair.program)
        let terminal = Thread {
            let questions = pair.read(timeout: .seconds(60)) { $0.suffix(3) == Array("\u{1B}[c".utf8) }
            if questions == Array(TerminalQueries.graphics.utf8) {
                pair.write("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62;4;22c")
            }
        }
        terminal.start()
        let probe = TerminalProbe(input: pair.program, output: pair.program, timeout: .seconds(120))
        let (answers, elapsed) = probe.ask()
        #expect(answers.kittyGraphics == true && answers.sixel && answers.cellPixels == PixelSize(width: 10, height: 20))
        #expect(elapsed < .seconds(60), "ended at the attributes, not at the 120 s timeout: \(elapsed)")
        let after = modes(pair.program)
        #expect(after.c_lflag == before.c_lflag && after.c_iflag == before.c_iflag, "the terminal's modes are restored")
        // Nothing echoed back to the terminal's screen while the answers came in.
        let echoed = pair.read(timeout: .milliseconds(200)) { _ in false }
        #expect(echoed.isEmpty, "\(echoed)")
    }

    @Test("a terminal that answers nothing: empty answers after the timeout, and half blocks")
    func silent() throws {
        let pair = try PseudoTerminalPair()
        defer { pair.close() }
        let probe = TerminalProbe(input: pair.program, output: pair.program, timeout: .milliseconds(300))
        let (answers, elapsed) = probe.ask()
        #expect(answers == TerminalAnswers())
        #expect(elapsed >= .milliseconds(300) && elapsed < .seconds(60), "the timeout, not a hang")
        #expect(PictureModeChoice.choose(request: .auto, answers: answers, environment: [:]).mode == .blocks)
    }

    @Test("not asked: the Linux console and old VTs, inside tmux and screen; asked: xterm-likes")
    func asked() {
        #expect(TerminalProbe.asks(environment: ["TERM": "xterm-256color"]))
        #expect(TerminalProbe.asks(environment: ["TERM": "foot"]))
        #expect(!TerminalProbe.asks(environment: ["TERM": "linux"]))
        #expect(!TerminalProbe.asks(environment: ["TERM": "vt100"]))
        #expect(!TerminalProbe.asks(environment: [:]))
        #expect(!TerminalProbe.asks(environment: ["TERM": "screen-256color"]))
        #expect(!TerminalProbe.asks(environment: ["TERM": "xterm-256color", "TMUX": "/tmp/tmux-0/default,1,0"]))
    }

    @Test("not a terminal: nothing written, nothing waited for")
    func notATerminal() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { fds.forEach { close($0) } }
        let (answers, elapsed) = TerminalProbe(input: fds[0], output: fds[1], timeout: .seconds(5)).ask()
        #expect(answers == TerminalAnswers() && elapsed == .zero)
    }
}

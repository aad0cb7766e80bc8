@preconcurrency import CNCursesw
import Foundation
import TerminalCurses
import TerminalUI

/// Bytes a visitor's terminal sends, through real ncurses (reading from a pipe as it reads from a
/// terminal, with the browser's key setup) and the browser's input reader: escape sequences, UTF-8,
/// mouse reports, bracketed pastes, all cut at random places.
enum KeyInputFuzz {
    static let target = FuzzTarget(
        name: "keys",
        summary: "keys: terminal input bytes through ncurses and the browser's input reader (keys, UTF-8, mouse, pastes)"
    ) { input in
        let events = KeyInputScreen.shared.feed(input.prefix(32 * 1024))
        precondition(events.count <= input.count, "more events than bytes")
    }
}

/// One ncurses screen that reads from a pipe and writes to /dev/null, made once per process.
final class KeyInputScreen: Sendable {
    static let shared = KeyInputScreen()

    private let writeEnd: Int32
    private let readEnd: Int32
    private nonisolated(unsafe) let screen: OpaquePointer

    private init() {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0, let input = fdopen(fds[0], "r"), let output = fopen("/dev/null", "w") else {
            fatalError("keys fuzz target: no pipe for ncurses to read")
        }
        _ = fcntl(fds[1], F_SETFL, O_NONBLOCK)
        // ncurses reads the rest of a mouse report with plain blocking reads; on a terminal a partial report
        // waits for the next bytes (the visitor's own session only). Here the input ends, so reads must not wait.
        _ = fcntl(fds[0], F_SETFL, O_NONBLOCK)
        let made = CursesProcessLock.with(nil) { () -> OpaquePointer? in
            setlocale(LC_ALL, "C.UTF-8")
            guard let made = newterm("xterm-256color", output, input) else { return nil }
            set_term(made)
            set_escdelay(0)  // this screen's (another may have been current before)
            nonl()  // as the browser's terminal: CR stays CR
            CursesInputReader.configure(mouse: true)
            return made
        }
        guard let made else { fatalError("keys fuzz target: no terminfo entry for xterm-256color") }
        screen = made
        writeEnd = fds[1]
        readEnd = fds[0]
    }

    /// Bytes written to the pipe that ncurses has not read yet.
    private var unread: Int32 {
        var count: Int32 = 0
        return ioctl(readEnd, UInt(FIONREAD), &count) == 0 ? count : 0
    }

    /// What the reader makes of `bytes`, written to the pipe at once. The terminal thread drains again
    /// whenever its descriptor is readable, so draining repeats while bytes are unread; once they are all
    /// read, a further drain must find nothing (no key may wait inside ncurses for the next keypress).
    /// Anything left (half a sequence) is then discarded so that inputs do not leak into each other.
    func feed(_ bytes: ArraySlice<UInt8>) -> [TerminalInput] {
        CursesProcessLock.with(screen) { feedHoldingLock(bytes) }
    }

    private func feedHoldingLock(_ bytes: ArraySlice<UInt8>) -> [TerminalInput] {
        let written = bytes.withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
        precondition(written == bytes.count || bytes.isEmpty, "the pipe took \(written) of \(bytes.count) bytes")
        var reader = CursesInputReader()
        var events = reader.drain()
        var rounds = 0
        while unread > 0, rounds < bytes.count + 1 {
            events += reader.drain()
            rounds += 1
        }
        precondition(unread == 0, "ncurses stopped reading with bytes left")
        let late = reader.drain()
        precondition(late.isEmpty, "keys held inside ncurses after a drain: \(late)")
        flushinp()
        return events
    }
}

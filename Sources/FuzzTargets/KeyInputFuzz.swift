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

    private init() {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0, let input = fdopen(fds[0], "r"), let output = fopen("/dev/null", "w") else {
            fatalError("keys fuzz target: no pipe for ncurses to read")
        }
        _ = fcntl(fds[1], F_SETFL, O_NONBLOCK)
        setlocale(LC_ALL, "C.UTF-8")
        set_escdelay(0)
        guard newterm("xterm-256color", output, input) != nil else {
            fatalError("keys fuzz target: no terminfo entry for xterm-256color")
        }
        CursesInputReader.configure(mouse: true)
        writeEnd = fds[1]
    }

    /// What the reader makes of `bytes`, written to the pipe at once; anything ncurses still holds
    /// afterwards (half a sequence) is discarded so that inputs do not leak into each other.
    func feed(_ bytes: ArraySlice<UInt8>) -> [TerminalInput] {
        let written = bytes.withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
        precondition(written == bytes.count || bytes.isEmpty, "the pipe took \(written) of \(bytes.count) bytes")
        var reader = CursesInputReader()
        let events = reader.drain()
        flushinp()
        return events
    }
}

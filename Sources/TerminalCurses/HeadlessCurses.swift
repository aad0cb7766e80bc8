import CCursesShim
@preconcurrency import CNCursesw
import Foundation
public import TerminalUI

/// ncurses drawing to a file instead of a terminal (`newterm` on an output stream): for measuring
/// what a frame costs to flush, and how many bytes it sends, without a terminal.
public final class HeadlessCurses {
    private let screenPointer: OpaquePointer?
    private let output: UnsafeMutablePointer<FILE>
    private let input: UnsafeMutablePointer<FILE>
    private var screen = CursesScreen()
    public let outputPath: String

    /// A curses screen of `columns × rows` for terminal type `term`, writing to a temporary file.
    /// `synchronized`: each frame inside synchronized output, as for a terminal that answered it knows mode 2026.
    /// `hyperlinks`: the canvas's links as OSC 8, as for a terminal known to draw them.
    public init?(columns: Int, rows: Int, term: String = "xterm-256color", synchronized: Bool = false, hyperlinks: Bool = false) {
        outputPath = FileManager.default.temporaryDirectory
            .appendingPathComponent("headless-curses-\(getpid())-\(UUID().uuidString.prefix(8))").path
        guard let out = fopen(outputPath, "w"), let inp = fopen("/dev/null", "r") else { return nil }
        output = out
        input = inp
        screenPointer = CursesProcessLock.with(nil) { () -> OpaquePointer? in
            // Asked, not set from the environment: another screen may be decoding keys in this locale.
            if setlocale(LC_ALL, nil).flatMap({ String(cString: $0) })?.uppercased().contains("UTF-8") != true {
                setlocale(LC_ALL, "C.UTF-8")
            }
            guard let made = newterm(term, out, inp) else { return nil }
            set_term(made)
            // Resizing reaches every screen's windows in this ncurses (one window list per process): with
            // another screen in the process, ask for the entry's own size (80×24 for xterm-256color).
            if rows != Int(LINES) || columns != Int(COLS) { resize_term(Int32(rows), Int32(columns)) }
            idlok(stdscr, true)
            if has_colors() {
                start_color()
                use_default_colors()
            }
            return made
        }
        guard screenPointer != nil else { return nil }
        screen.descriptor = fileno(out)
        screen.synchronized = synchronized
        screen.hyperlinks = hyperlinks
    }

    /// Draws a frame (only what changed since the last one), with its pictures drawn by the terminal's own
    /// graphics (`graphics`), and flushes it.
    public func draw(_ canvas: Canvas, graphics: [GraphicPlacement] = []) {
        CursesProcessLock.with(screenPointer) {
            screen.draw(canvas, graphics: graphics)
            fflush(output)
        }
    }

    /// Bytes written so far.
    public var bytesWritten: Int {
        ((try? FileManager.default.attributesOfItem(atPath: outputPath))?[.size] as? Int) ?? 0
    }

    /// The screen is ended but not deleted, and its files stay open: Debian's ncurses keeps one list of
    /// windows for the whole process, so `delscreen` of one screen frees every screen's windows (the
    /// key-input fuzz target's among them). ncurses still holds the screen, so nothing is reported leaked.
    deinit {
        if let screenPointer {
            CursesProcessLock.with(screenPointer) { _ = endwin() }
        }
        unlink(outputPath)
    }
}

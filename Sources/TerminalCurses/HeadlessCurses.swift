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
    public init?(columns: Int, rows: Int, term: String = "xterm-256color") {
        if setlocale(LC_ALL, "").flatMap({ String(cString: $0) })?.uppercased().contains("UTF-8") != true {
            setlocale(LC_ALL, "C.UTF-8")
        }
        outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("headless-curses-\(getpid())").path
        guard let out = fopen(outputPath, "w"), let inp = fopen("/dev/null", "r") else { return nil }
        output = out
        input = inp
        screenPointer = newterm(term, out, inp)
        guard screenPointer != nil else { return nil }
        set_term(screenPointer)
        resize_term(Int32(rows), Int32(columns))
        idlok(stdscr, true)
        screen.descriptor = fileno(out)
        if has_colors() {
            start_color()
            use_default_colors()
        }
    }

    /// Draws a frame (only what changed since the last one) and flushes it.
    public func draw(_ canvas: Canvas) {
        screen.draw(canvas)
        fflush(output)
    }

    /// Bytes written so far.
    public var bytesWritten: Int {
        ((try? FileManager.default.attributesOfItem(atPath: outputPath))?[.size] as? Int) ?? 0
    }

    deinit {
        endwin()
        delscreen(screenPointer)
        fclose(output)
        fclose(input)
        unlink(outputPath)
    }
}

import CCursesShim
@preconcurrency import CNCursesw
import Foundation
import TerminalUI

/// Reads every key waiting in curses (without blocking) and turns it into input events: keys,
/// bracketed pastes delivered whole, mouse actions with double clicks, and KEY_RESIZE.
package struct CursesInputReader {
    private var pasting: String?
    private var lastClick: (x: Int, y: Int, time: ContinuousClock.Instant)?

    package init() {}

    /// Sets up the current screen's input the way the reader expects: function keys decoded, reads that
    /// never block, mouse reports (when asked), and the bracketed-paste markers as keys of their own.
    package static func configure(mouse: Bool) {
        keypad(stdscr, true)
        nodelay(stdscr, true)
        if mouse {
            mouseinterval(0)
            mousemask(ccs_mouse_mask(), nil)
        }
        define_key("\u{1B}[200~", CursesKeyDecoder.pasteStart)
        define_key("\u{1B}[201~", CursesKeyDecoder.pasteEnd)
    }

    package mutating func drain() -> [TerminalInput] {
        var events: [TerminalInput] = []
        var character: wint_t = 0
        while true {
            let status = wget_wch(stdscr, &character)
            if status == ERR { break }
            if status == KEY_CODE_YES {
                let code = Int32(character)
                switch code {
                case CursesKeyDecoder.pasteStart:
                    pasting = ""
                case CursesKeyDecoder.pasteEnd:
                    if let text = pasting { events.append(.key(.paste(text))) }
                    pasting = nil
                case KEY_RESIZE:
                    var rows: Int32 = 0
                    var columns: Int32 = 0
                    ccs_window_size(stdscr, &rows, &columns)
                    events.append(.resize(columns: Int(columns), rows: Int(rows)))
                case KEY_MOUSE:
                    if let event = mouseEvent() { events.append(.mouse(event)) }
                default:
                    if pasting == nil, let key = CursesKeyDecoder.functionKey(code) { events.append(.key(key)) }
                }
                continue
            }
            if pasting != nil {
                if let scalar = Unicode.Scalar(UInt32(character)) {
                    pasting?.unicodeScalars.append(scalar == "\r" ? "\n" : scalar)
                }
                if (pasting?.utf8.count ?? 0) > 1 << 20 {  // a runaway paste: deliver what came
                    events.append(.key(.paste(pasting ?? "")))
                    pasting = nil
                }
                continue
            }
            if let key = CursesKeyDecoder.character(UInt32(character)) { events.append(.key(key)) }
        }
        return events
    }

    private mutating func mouseEvent() -> MouseEvent? {
        var event = MEVENT()
        guard getmouse(&event) == OK else { return nil }
        let x = Int(event.x)
        let y = Int(event.y)
        let state = event.bstate
        if state & ccs_button4_pressed() != 0 { return MouseEvent(kind: .wheelUp, x: x, y: y) }
        if state & ccs_button5_pressed() != 0 { return MouseEvent(kind: .wheelDown, x: x, y: y) }
        if state & ccs_button1_double_clicked() != 0 { return MouseEvent(kind: .doubleClick, x: x, y: y) }
        guard state & (ccs_button1_pressed() | ccs_button1_clicked()) != 0 else { return nil }
        let now = ContinuousClock.now
        defer { lastClick = (x, y, now) }
        if let last = lastClick, last.x == x, last.y == y, now - last.time < .milliseconds(400) {
            lastClick = nil
            return MouseEvent(kind: .doubleClick, x: x, y: y)
        }
        return MouseEvent(kind: .press, x: x, y: y)
    }
}

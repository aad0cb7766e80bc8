import CCursesShim
@preconcurrency import CNCursesw
import Foundation
import TerminalUI

/// Reads every key waiting in curses (without blocking) and turns it into input events: keys,
/// bracketed pastes delivered whole, mouse actions with double clicks, KEY_RESIZE, and the terminal's reports of
/// its colour scheme.
package struct CursesInputReader {
    private var pasting: String?
    private var lastPastedCR = false
    private var utf8 = UTF8Assembler()
    private var lastClick: (x: Int, y: Int, time: ContinuousClock.Instant)?

    package init() {}

    /// Sets up the current screen's input the way the reader expects: function keys decoded, reads that
    /// never block, mouse reports (when asked), and the bracketed-paste markers as keys of their own.
    package static func configure(mouse: Bool) {
        keypad(stdscr, true)
        meta(stdscr, true)  // all 8 bits of each byte (UTF-8), whatever the line settings say
        nodelay(stdscr, true)
        if mouse {
            mouseinterval(0)
            mousemask(ccs_mouse_mask(), nil)
        }
        define_key("\u{1B}[200~", CursesKeyDecoder.pasteStart)
        define_key("\u{1B}[201~", CursesKeyDecoder.pasteEnd)
        define_key("\u{1B}[?997;1n", CursesKeyDecoder.schemeDark)
        define_key("\u{1B}[?997;2n", CursesKeyDecoder.schemeLight)
    }

    /// Every input waiting now. Bytes come one at a time (`wgetch`) and are assembled into characters
    /// here: `wget_wch` answers an invalid byte with ERR and throws away up to a dozen bytes after it, so a
    /// stray Latin-1 byte would eat the keys typed after it (found by the keys fuzz target).
    package mutating func drain() -> [TerminalInput] {
        var events: [TerminalInput] = []
        while true {
            let code = wgetch(stdscr)
            if code == ERR { break }
            guard code <= 0xFF else {
                functionKey(code, into: &events)
                continue
            }
            for piece in utf8.take(UInt8(code)) {
                switch piece {
                case .scalar(let scalar): character(scalar, into: &events)
                case .invalid: if pasting != nil { character("\u{FFFD}", into: &events) }
                }
            }
        }
        return events
    }

    private mutating func functionKey(_ code: Int32, into events: inout [TerminalInput]) {
        switch code {
        case CursesKeyDecoder.pasteStart:
            pasting = ""
            lastPastedCR = false
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
        case CursesKeyDecoder.schemeDark:
            events.append(.colorScheme(.dark))
        case CursesKeyDecoder.schemeLight:
            events.append(.colorScheme(.light))
        default:
            if pasting == nil, let key = CursesKeyDecoder.functionKey(code) { events.append(.key(key)) }
        }
    }

    private mutating func character(_ scalar: Unicode.Scalar, into events: inout [TerminalInput]) {
        guard pasting != nil else {
            if let key = CursesKeyDecoder.character(scalar.value) { events.append(.key(key)) }
            return
        }
        // CR, LF and CR LF are each one line break.
        if !(scalar == "\n" && lastPastedCR) {
            pasting?.unicodeScalars.append(scalar == "\r" ? "\n" : scalar)
        }
        lastPastedCR = scalar == "\r"
        if (pasting?.utf8.count ?? 0) > 1 << 20 {  // a runaway paste: deliver what came
            events.append(.key(.paste(pasting ?? "")))
            pasting = nil
        }
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

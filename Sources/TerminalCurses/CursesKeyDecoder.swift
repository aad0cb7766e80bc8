@preconcurrency import CNCursesw
import TerminalUI

/// Turns what curses returns (function key codes, and characters assembled from its bytes) into key events.
struct CursesKeyDecoder {
    /// Key codes given to the bracketed-paste markers with `define_key`.
    static let pasteStart: Int32 = KEY_MAX + 1
    static let pasteEnd: Int32 = KEY_MAX + 2
    /// Key codes given to the colour-scheme reports (mode 2031) with `define_key`.
    static let schemeDark: Int32 = KEY_MAX + 3
    static let schemeLight: Int32 = KEY_MAX + 4

    /// A function key code (`KEY_CODE_YES`).
    static func functionKey(_ code: Int32) -> KeyEvent? {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_HOME, KEY_A1: return .home
        case KEY_END, KEY_C1: return .end
        case KEY_ENTER: return .enter
        case KEY_BACKSPACE: return .backspace
        case KEY_DC: return .delete
        case KEY_BTAB: return .backTab
        case (KEY_F0 + 1)...(KEY_F0 + 12): return .function(Int(code - KEY_F0))
        default: return nil
        }
    }

    /// A character code (`OK`).
    static func character(_ code: UInt32) -> KeyEvent? {
        switch code {
        case 13, 10: return .enter
        case 9: return .tab
        case 27: return .escape
        case 127, 8: return .backspace
        case 1...26: return .control(Character(Unicode.Scalar(code + 96)!))
        case 0, 28...31: return nil
        default:
            guard let scalar = Unicode.Scalar(code) else { return nil }
            return .character(Character(scalar))
        }
    }
}

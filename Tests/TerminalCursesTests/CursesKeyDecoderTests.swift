@preconcurrency import CNCursesw
import TerminalUI
import Testing

@testable import TerminalCurses

@Suite("Keys from curses codes")
struct CursesKeyDecoderTests {
    @Test("arrows, paging, Home/End (keypad ones too), Enter, Backspace, Delete and Shift-Tab")
    func functionKeys() {
        let expected: [(Int32, KeyEvent)] = [
            (KEY_UP, .up), (KEY_DOWN, .down), (KEY_LEFT, .left), (KEY_RIGHT, .right), (KEY_PPAGE, .pageUp),
            (KEY_NPAGE, .pageDown), (KEY_HOME, .home), (KEY_A1, .home), (KEY_END, .end), (KEY_C1, .end),
            (KEY_ENTER, .enter), (KEY_BACKSPACE, .backspace), (KEY_DC, .delete), (KEY_BTAB, .backTab),
        ]
        for (code, key) in expected {
            #expect(CursesKeyDecoder.functionKey(code) == key, "code \(code)")
        }
    }

    @Test("F1 to F12 are function keys; F13 and codes nobody mapped are nothing, not a guess")
    func numberedKeys() {
        #expect(CursesKeyDecoder.functionKey(KEY_F0 + 1) == .function(1))
        #expect(CursesKeyDecoder.functionKey(KEY_F0 + 12) == .function(12))
        #expect(CursesKeyDecoder.functionKey(KEY_F0 + 13) == nil)
        #expect(CursesKeyDecoder.functionKey(KEY_F0) == nil)
        #expect(CursesKeyDecoder.functionKey(KEY_MOUSE) == nil, "the mouse has its own path")
        #expect(CursesKeyDecoder.functionKey(CursesKeyDecoder.pasteStart) == nil)
    }

    @Test("control codes: Enter from CR and LF, Tab, Esc, Backspace from DEL and ^H, Ctrl-letters")
    func controlCodes() {
        #expect(CursesKeyDecoder.character(13) == .enter)
        #expect(CursesKeyDecoder.character(10) == .enter)
        #expect(CursesKeyDecoder.character(9) == .tab)
        #expect(CursesKeyDecoder.character(27) == .escape)
        #expect(CursesKeyDecoder.character(127) == .backspace)
        #expect(CursesKeyDecoder.character(8) == .backspace)
        #expect(CursesKeyDecoder.character(3) == .control("c"))
        #expect(CursesKeyDecoder.character(19) == .control("s"))
        #expect(CursesKeyDecoder.character(21) == .control("u"))
    }

    @Test("NUL and the other C0 codes without a key give nothing; text characters come through whole")
    func characters() {
        for code: UInt32 in [0, 28, 29, 30, 31] { #expect(CursesKeyDecoder.character(code) == nil, "code \(code)") }
        #expect(CursesKeyDecoder.character(UInt32(("q" as Unicode.Scalar).value)) == .character("q"))
        #expect(CursesKeyDecoder.character(0xAC00) == .character("가"))
        #expect(CursesKeyDecoder.character(0x1F600) == .character("😀"))
        #expect(CursesKeyDecoder.character(0xD800) == nil, "a surrogate is no character")
        #expect(CursesKeyDecoder.character(0x110000) == nil, "beyond Unicode")
    }
}

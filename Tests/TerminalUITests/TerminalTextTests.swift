import Testing

@testable import TerminalUI

@Suite("Terminal text")
struct TerminalTextTests {
    @Test("display width: Korean and CJK 2, combining 0, ASCII 1, emoji 2")
    func widths() {
        #expect(DisplayWidth.of("abc") == 3)
        #expect(DisplayWidth.of("파란 우산") == 9)
        #expect(DisplayWidth.of("日本") == 4)
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.of("🍎") == 2)
        #expect(DisplayWidth.of("ＡＢ") == 4)
    }

    @Test("display width counted without grapheme breaking agrees with the graphemes: ASCII, CR LF, one scalar")
    func widthShortcuts() {
        #expect(DisplayWidth.of("") == 0)
        #expect(DisplayWidth.of("a\r\nb") == 3)
        #expect(DisplayWidth.of("\r\r\n") == 2)
        #expect(DisplayWidth.of("▀") == 1)
        #expect(DisplayWidth.of("가") == 2)
        #expect(DisplayWidth.of("\u{301}") == 0)
        #expect(DisplayWidth.of("❤\u{FE0F}") == 2)
        #expect(DisplayWidth.of("é한") == 3)
        #expect(DisplayWidth.of("ab"[...]) == 2)
    }

    @Test("control characters and escape sequences become visible placeholders")
    func sanitizing() {
        #expect(TerminalText.sanitized("\u{1B}[31mRED\u{1B}[0m") == "␛[31mRED␛[0m")
        #expect(TerminalText.sanitized("a\nb\tc\u{7F}\u{9B}d") == "a␊b␉c␡\u{FFFD}d")
        #expect(TerminalText.sanitized("abc\u{202E}def") == "abc\u{FFFD}def")
        #expect(TerminalText.sanitized("plain 한글") == "plain 한글")
        let all = String(String.UnicodeScalarView((0..<0x20).map { Unicode.Scalar($0)! }))
        #expect(!TerminalText.sanitized(all).unicodeScalars.contains { $0.value < 0x20 })
    }

    @Test("truncation never splits a character and respects display width")
    func truncation() {
        #expect(TerminalText.truncated("Vintage Mug", toWidth: 8) == "Vintage…")
        #expect(TerminalText.truncated("파란우산입니다", toWidth: 6) == "파란…")
        #expect(TerminalText.truncated("파란우산입니다", toWidth: 5) == "파란…")
        #expect(DisplayWidth.of(TerminalText.truncated("파란우산입니다", toWidth: 4)) <= 4)
        #expect(TerminalText.truncated("short", toWidth: 10) == "short")
        #expect(TerminalText.truncated("x", toWidth: 0) == "")
        #expect(TerminalText.padded("한", toWidth: 4) == "한  ")
    }

    @Test("wrapping by display width keeps words, breaks long ones, keeps paragraphs")
    func wrapping() {
        #expect(TerminalText.wrapped("the quick brown fox", width: 10) == ["the quick", "brown fox"])
        #expect(TerminalText.wrapped("오래 쓸 수 있는 튼튼한 머그컵입니다.", width: 12) == ["오래 쓸 수", "있는 튼튼한", "머그컵입니다", "."])
        #expect(TerminalText.wrapped("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
        #expect(TerminalText.wrapped("one\n\ntwo", width: 10) == ["one", "", "two"])
        #expect(TerminalText.wrapped("a\u{1B}b", width: 10) == ["a␛b"])
        for line in TerminalText.wrapped(String(repeating: "가나다 ", count: 50), width: 7) {
            #expect(DisplayWidth.of(line) <= 7)
        }
    }

    @Test("wrapping in at most so many lines: what is left goes on the last line, cut with an ellipsis; fewer lines stay as they are")
    func wrappingCapped() {
        let text = "Held for this session only: the market could not keep it (see the log)."
        #expect(TerminalText.wrapped(text, width: 44, maxLines: 2) == ["Held for this session only: the market could", "not keep it (see the log)."])
        #expect(TerminalText.wrapped(text, width: 20, maxLines: 2) == ["Held for this", "session only: the m…"])
        #expect(TerminalText.wrapped(text, width: 20, maxLines: 2).allSatisfy { DisplayWidth.of($0) <= 20 })
        #expect(TerminalText.wrapped("이번 접속 동안만", width: 8, maxLines: 1) == ["이번 접…"])
        #expect(TerminalText.wrapped(text, width: 44, maxLines: 0).isEmpty)
    }
}

import Testing
import TerminalUI
import Untrusted

@Suite("Text from outside: one rule for terminals and logs")
struct UntrustedTextTests {
    @Test("controls, DEL, C1, separators and direction controls are shown as placeholders; everything else stays")
    func shown() {
        #expect(UntrustedText.shown("KRW\u{1B}]0;owned\u{07}\u{1B}[2J") == "KRW␛]0;owned␇␛[2J")
        #expect(UntrustedText.shown("a\nb\rc\u{7F}d") == "a␊b␍c␡d")
        #expect(UntrustedText.shown("\u{9B}31m") == "\u{FFFD}31m", "C1 CSI")
        #expect(UntrustedText.shown("abc\u{202E}fed\u{2066}x\u{2028}y") == "abc\u{FFFD}fed\u{FFFD}x\u{FFFD}y")
        #expect(UntrustedText.shown("머그컵 👩‍👩‍👧 Café") == "머그컵 👩‍👩‍👧 Café", "joiners and letters are text")
    }

    @Test("a limit cuts to so many characters, the last an ellipsis; under it nothing changes")
    func limit() {
        #expect(UntrustedText.shown("abcdef", limit: 4) == "abc…")
        #expect(UntrustedText.shown("abcd", limit: 4) == "abcd")
        #expect(UntrustedText.shown("\u{1B}\u{1B}\u{1B}", limit: 2) == "␛…")
    }

    @Test("a log value is one value: quoted where it holds a space, a quote, a backslash or =; never a line break")
    func logValue() {
        #expect(UntrustedText.logValue("visitor") == "visitor")
        #expect(UntrustedText.logValue("admin key=SHA256:x") == "\"admin key=SHA256:x\"")
        #expect(UntrustedText.logValue("a\"b\\c") == "\"a\\\"b\\\\c\"")
        #expect(UntrustedText.logValue("admin\nssh session start user=root") == "\"admin␊ssh session start user=root\"")
        #expect(UntrustedText.logValue("") == "\"\"")
        #expect(UntrustedText.logValue(String(repeating: "x", count: 100)).count == 64)
    }

    @Test("the terminal's sanitizer is the same rule")
    func sameRule() {
        for scalar in (0...0x3000).compactMap(Unicode.Scalar.init) {
            #expect(TerminalText.needsReplacement(scalar) == UntrustedText.isUnsafe(scalar), "\(scalar.value)")
        }
        #expect(TerminalText.sanitized("x\u{1B}[2Jy") == UntrustedText.shown("x\u{1B}[2Jy"))
    }
}

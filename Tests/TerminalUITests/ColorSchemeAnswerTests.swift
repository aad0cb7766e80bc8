import Testing

@testable import TerminalUI

/// DECRQM for mode 2031 (colour-scheme reports) in the probe, and what the terminal's DECRPM answer means.
@Suite("Colour-scheme reports: the question and its answers")
struct ColorSchemeAnswerTests {
    func answer(_ text: String) -> Bool? {
        TerminalAnswers.parse(Array(text.utf8)).colorSchemeReports
    }

    @Test("known (set or reset) means the terminal reports its scheme's changes; not recognized means not; each mode's answer is its own")
    func answers() {
        #expect(answer("\u{1B}[?2031;2$y") == true, "Ghostty, kitty 0.38+, Contour, VTE, tmux 3.6: known and reset")
        #expect(answer("\u{1B}[?2031;1$y") == true)
        #expect(answer("\u{1B}[?2031;0$y") == false, "not recognized (kitty 0.26, tmux 3.3)")
        #expect(answer("\u{1B}[?2031;4$y") == false)
        #expect(answer("\u{1B}[?62;4c") == nil)
        let both = TerminalAnswers.parse(Array("\u{1B}[?2026;2$y\u{1B}[?2031;0$y\u{1B}[?62;4c".utf8))
        #expect(both.synchronizedOutput == true && both.colorSchemeReports == false)
        #expect(both.summary.contains("colour-scheme reports no"))
    }

    @Test("the question is asked before Device Attributes, whose answer ends the probe")
    func asked() {
        let queries = TerminalQueries.graphics
        let decrqm = queries.range(of: "\u{1B}[?2031$p")
        let da = queries.range(of: "\u{1B}[c")
        #expect(decrqm != nil && da != nil && decrqm!.lowerBound < da!.lowerBound)
    }
}

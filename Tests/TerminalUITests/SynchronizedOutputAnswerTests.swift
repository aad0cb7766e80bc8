import Testing

@testable import TerminalUI

/// DECRQM for mode 2026 (synchronized output) in the probe, and what the terminal's DECRPM answer means.
@Suite("Synchronized output: the question and its answers")
struct SynchronizedOutputAnswerTests {
    func answer(_ text: String) -> Bool? {
        TerminalAnswers.parse(Array(text.utf8)).synchronizedOutput
    }

    @Test("set, reset and permanently set mean known; not recognized and permanently reset mean not; no answer is nil")
    func answers() {
        #expect(answer("\u{1B}[?2026;1$y") == true)
        #expect(answer("\u{1B}[?2026;2$y") == true, "kitty, foot, WezTerm, Ghostty: known and reset")
        #expect(answer("\u{1B}[?2026;3$y") == true)
        #expect(answer("\u{1B}[?2026;0$y") == false, "not recognized")
        #expect(answer("\u{1B}[?2026;4$y") == false, "permanently reset")
        #expect(answer("\u{1B}[?64;1;2;4c") == nil)
        #expect(answer("\u{1B}[?2027;2$y") == nil, "another mode's answer")
        #expect(answer("\u{1B}[?2026;2y") == nil, "not a DECRPM without its $")
        #expect(answer("\u{1B}[?2026;2$") == nil, "cut off")
        let both = TerminalAnswers.parse(Array("\u{1B}[?2026;2$y\u{1B}[?62;4c".utf8))
        #expect(both.synchronizedOutput == true && both.sixel && both.summary.contains("synchronized output yes"))
    }

    @Test("the question is asked before Device Attributes, whose answer ends the probe")
    func asked() {
        let queries = TerminalQueries.graphics
        let decrqm = queries.range(of: "\u{1B}[?2026$p")
        let da = queries.range(of: "\u{1B}[c")
        #expect(decrqm != nil && da != nil && decrqm!.lowerBound < da!.lowerBound)
    }
}

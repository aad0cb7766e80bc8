import Testing

@testable import TerminalUI

@Suite("The background colour a terminal answers (OSC 11)")
struct TerminalAnswersThemeTests {
    @Test("rgb:RRRR/GGGG/BBBB with ST or BEL, 1 to 4 digits a channel; light or dark by luminance")
    func background() {
        let white = TerminalAnswers.parse(Array("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\\u{1B}[?62;4c".utf8))
        #expect(white.background == BackgroundColor(red: 1, green: 1, blue: 1) && white.background?.isLight == true)
        #expect(white.primaryAttributes == [62, 4], "the answers after it still read")
        let black = TerminalAnswers.parse(Array("\u{1B}]11;rgb:0000/0000/0000\u{07}".utf8))
        #expect(black.background?.isLight == false)
        #expect(TerminalAnswers.parse(Array("\u{1B}]11;rgb:f/f/f\u{07}".utf8)).background?.isLight == true)
        #expect(TerminalAnswers.parse(Array("\u{1B}]11;rgb:80/80/80\u{07}".utf8)).background?.isLight == true, "mid grey reads better with black text")
        #expect(TerminalAnswers.parse(Array("\u{1B}]11;rgb:3030/3030/3030\u{07}".utf8)).background?.isLight == false)
        #expect(TerminalAnswers.parse(Array("\u{1B}]11;#ffffff\u{07}".utf8)).background == nil)
        #expect(TerminalAnswers.parse(Array("\u{1B}]11;rgb:fffff/0/0\u{07}".utf8)).background == nil)
        #expect(TerminalAnswers.parse(Array("\u{1B}]10;rgb:ffff/ffff/ffff\u{07}".utf8)).background == nil, "10 is the foreground")
    }

    @Test("the question is asked before Device Attributes, whose answer ends the probe")
    func asked() {
        let queries = TerminalQueries.graphics
        let osc = queries.range(of: "\u{1B}]11;?\u{1B}\\")
        let da = queries.range(of: "\u{1B}[c")
        #expect(osc != nil && da != nil && osc!.lowerBound < da!.lowerBound)
    }
}

import Testing

@testable import TerminalUI

/// Detection of what a terminal can draw from its in-band answers (TerminalQueries.graphics). xterm's,
/// kitty's and tmux's answers were recorded from the real programs (Debian's xterm 379 and kitty 0.26.5 on
/// Xvfb, tmux 3.3a, with `TerminalQueries.graphics`); WezTerm's, foot's, iTerm2's and Windows Terminal's are
/// written in the forms their documentation gives, leaving out what each does not answer.
@Suite("Picture mode detection")
struct GraphicsDetectionTests {
    static let escape = "\u{1B}"

    func answers(_ text: String) -> TerminalAnswers {
        TerminalAnswers.parse(Array(text.replacingOccurrences(of: "ESC", with: Self.escape).utf8))
    }

    func choose(_ text: String, _ environment: [String: String] = [:], request: PictureModeChoice.Request = .auto)
        -> PictureModeChoice
    {
        PictureModeChoice.choose(request: request, answers: answers(text), environment: environment)
    }

    // Recorded: kitty 0.26.5 (Debian's) on Xvfb.
    static let kitty =
        #"ESC_Gi=31;OKESC\ESCP>|kitty(0.26.5)ESC\ESC[6;20;9tESC[4;400;639tESC[8;20;71tESCP1$r38:2:1:2:3mESC\ESC[?62;c"#
    static let wezTerm =
        #"ESC_Gi=31;OKESC\ESCP>|WezTerm 20240203-110809-5046fc22ESC\ESC[?1;0;256SESC[?2;0;2560;1600SESC[6;18;9tESC[4;864;1080tESC[8;48;120tESCP1$r38:2::1:2:3mESC\ESC[?65;4;6;18;22c"#
    static let foot =
        #"ESCP>|foot(1.16.2)ESC\ESC[?1;0;1024SESC[?2;0;1280;864SESC[4;864;1080tESC[8;48;120tESCP1$r38:2::1:2:3mESC\ESC[?62;4;22c"#
    // Recorded: xterm -ti vt340 (no window operations by default: no CSI t answers), the same with
    // `allowWindowOps: true`, plain xterm (no 4 in its attributes; XTSMGRAPHICS answers "error" 3), tmux.
    static let xtermVT340 =
        #"ESCP>|XTerm(379)ESC\ESC[?1;0;1024SESC[?2;0;480;312SESCP1$r0;38:2::1:2:3mESC\ESC[?63;1;2;4;6;9;15;16;22;28c"#
    static let xtermWindowOps =
        #"ESCP>|XTerm(379)ESC\ESC[?1;0;1024SESC[?2;0;480;312SESC[6;13;6tESC[4;312;480tESC[8;24;80tESCP1$r0;38:2::1:2:3mESC\ESC[?63;1;2;4;6;9;15;16;22;28c"#
    static let xterm = #"ESCP>|XTerm(379)ESC\ESC[?1;3SESC[?2;3SESCP1$r0;38:2::1:2:3mESC\ESC[?64;1;2;6;9;15;16;17;18;21;22;28c"#
    static let tmux = #"ESCP>|tmux 3.3aESC\ESC[8;100;30tESC[?1;2c"#
    static let windowsTerminal = #"ESC[?61;4;6;7;14;21;22;23;24;28;32;42c"#

    @Test("kitty: kitty graphics, direct colour, the cell size as reported")
    func kitty() {
        let read = answers(Self.kitty)
        #expect(read.kittyGraphics == true && read.isComplete && !read.sixel)
        #expect(read.version == "kitty(0.26.5)")
        #expect(read.cellPixels == PixelSize(width: 9, height: 20))
        #expect(read.directColor == true)
        #expect(read.other.isEmpty)
        #expect(choose(Self.kitty).mode == .kitty)
        #expect(choose(Self.kitty).available == [.kitty, .blocks, .off])
    }

    @Test("WezTerm: kitty first, then sixel and iTerm images; TERM_PROGRAM=iTerm.app would not reorder it")
    func wezTerm() {
        let read = answers(Self.wezTerm)
        #expect(read.sixel && read.sixelColorRegisters == 256 && read.sixelMaximum == PixelSize(width: 2560, height: 1600))
        #expect(read.cellPixels == PixelSize(width: 9, height: 18))
        #expect(choose(Self.wezTerm).available == [.kitty, .sixel, .iterm, .blocks, .off])
        #expect(choose(Self.wezTerm, ["TERM_PROGRAM": "WezTerm"]).mode == .kitty)
    }

    @Test("foot: sixel with 1024 registers; the cell size from the text area when CSI 16 t goes unanswered")
    func foot() {
        let read = answers(Self.foot)
        #expect(read.kittyGraphics == nil && read.sixel && read.sixelColorRegisters == 1024)
        #expect(read.cellSize == nil && read.cellPixels == PixelSize(width: 9, height: 18))
        #expect(choose(Self.foot).mode == .sixel)
    }

    @Test("xterm -ti vt340: sixel with 1024 registers; its cell size from CSI t when allowed, else from the window size")
    func xterm() {
        let vt340 = answers(Self.xtermVT340)
        #expect(vt340.sixel && vt340.sixelColorRegisters == 1024 && vt340.directColor == true)
        #expect(vt340.cellPixels == nil, "xterm does not answer CSI t by default")
        var withWindow = vt340
        withWindow.windowPixels = PixelSize(width: 484, height: 316)  // recorded TIOCGWINSZ, borders included
        withWindow.windowCells = PixelSize(width: 80, height: 24)
        #expect(withWindow.cellPixels == PixelSize(width: 6, height: 13))
        #expect(answers(Self.xtermWindowOps).cellPixels == PixelSize(width: 6, height: 13))
        #expect(choose(Self.xtermVT340).mode == .sixel)
        let plain = answers(Self.xterm)
        #expect(!plain.sixel && plain.sixelColorRegisters == nil && plain.isComplete)
        #expect(choose(Self.xterm).mode == .blocks)
    }

    @Test("Windows Terminal answers only its attributes: sixel")
    func windowsTerminal() {
        let choice = choose(Self.windowsTerminal)
        #expect(choice.mode == .sixel)
        #expect(answers(Self.windowsTerminal).cellPixels == nil)
    }

    @Test("a terminal that answers nothing: blocks, even when its environment claims kitty")
    func silent() {
        let read = answers("")
        #expect(!read.isComplete && read.kittyGraphics == nil)
        #expect(choose("", ["TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1"]).mode == .blocks)
    }

    @Test("inside tmux or screen: blocks, even inside kitty; the user may still ask for a mode")
    func multiplexers() {
        #expect(choose(Self.tmux).mode == .blocks)
        #expect(choose(Self.tmux).multiplexed)
        #expect(choose(Self.kitty, ["TMUX": "/tmp/tmux-0/default,1,0"]).mode == .blocks)
        #expect(choose(Self.foot, ["TERM": "screen-256color"]).mode == .blocks)
        #expect(choose(Self.foot, ["STY": "1234.pts-0"]).multiplexed)
        let asked = choose(Self.tmux, request: .mode(.kitty))
        #expect(asked.mode == .kitty && asked.available == [.kitty, .blocks, .off])
    }

    @Test("the environment breaks a tie and nothing more; sixel with few colour registers is not offered")
    func tieBreaks() {
        let iterm = #"ESC_Gi=31;ENOTSUPPORTED:noESC\ESCP>|iTerm2 3.5.0ESC\ESC[?1;0;256SESC[?62;4c"#
        #expect(answers(iterm).kittyGraphics == false)
        #expect(choose(iterm).available == [.sixel, .iterm, .blocks, .off])
        #expect(choose(iterm, ["TERM_PROGRAM": "iTerm.app"]).mode == .iterm)
        let sixteen = #"ESC[?1;0;16SESC[?63;4c"#
        #expect(choose(sixteen).mode == .blocks)
    }

    @Test("keys typed while waiting are kept in order; an answer cut off at the end is dropped; other ids are ignored")
    func strayBytes() {
        let read = answers("jESC[?62;4cESC_Gi=7;OKESC\\kESC[6;20")
        #expect(read.other == Array("jk".utf8))
        #expect(read.sixel && read.kittyGraphics == nil && read.cellSize == nil)
        let bell = answers("ESC]11;rgb:0000/0000/0000\u{07}ESC[?1;2c")
        #expect(bell.isComplete && bell.other.isEmpty)
    }

    @Test("requests read from the option or the environment")
    func requests() {
        #expect(PictureModeChoice.Request("AUTO") == .auto)
        #expect(PictureModeChoice.Request("sixel") == .mode(.sixel))
        #expect(PictureModeChoice.Request("png") == nil)
        #expect(PictureModeChoice.Request.names == ["auto", "kitty", "sixel", "iterm", "blocks", "off"])
        let choice = choose(Self.wezTerm)
        #expect(choice.next(after: .kitty) == .sixel && choice.next(after: .off) == .kitty)
    }

    @Test("the questions end with Primary Device Attributes and contain nothing else a terminal could print")
    func queries() {
        let queries = TerminalQueries.graphics
        #expect(queries.hasSuffix("\u{1B}[c"))
        let printable = queries.unicodeScalars.filter { $0.value >= 0x20 && $0.value < 0x7F }
        #expect(printable.count + queries.unicodeScalars.filter { $0 == "\u{1B}" }.count == queries.unicodeScalars.count)
    }
}

import Testing

@testable import TerminalUI

@Suite("tmux passthrough")
struct TmuxPassthroughTests {
    @Test("each sequence wrapped on its own, every ESC inside doubled; unwrapping gives the sequences back")
    func wrapped() {
        let two = Array("\u{1B}_Ga=t,i=16;AAAA\u{1B}\\\u{1B}_Ga=p,U=1,i=16\u{1B}\\".utf8)
        let wrapped = TmuxPassthrough.wrap(two)
        let expected = "\u{1B}Ptmux;\u{1B}\u{1B}_Ga=t,i=16;AAAA\u{1B}\u{1B}\\\u{1B}\\"
            + "\u{1B}Ptmux;\u{1B}\u{1B}_Ga=p,U=1,i=16\u{1B}\u{1B}\\\u{1B}\\"
        #expect(String(decoding: wrapped, as: UTF8.self) == expected)
        #expect(TmuxPassthrough.unwrap(wrapped) == two)
        #expect(TmuxPassthrough.unwrap(Array("plain".utf8)) == Array("plain".utf8))
    }
}

import Testing

@testable import TerminalUI

@Suite("OSC 8 hyperlinks: which URLs, and their bytes")
struct HyperlinkTests {
    @Test("only http and https URLs of printable ASCII, without spaces, at most 2 KB")
    func validated() {
        #expect(Hyperlink.validated("http://127.0.0.1:8080/api/products/8") != nil)
        #expect(Hyperlink.validated("HTTPS://m.test/a?b=c&d=%20") != nil)
        for bad in [
            "javascript:alert(1)", "file:///etc/passwd", "ftp://m.test", "http://a b", "http://m.test/\u{1B}]8;;x",
            "http://m.test/\u{07}", "http://m.test/\u{9C}", "http://한글.test", "", "http:",
            "http://" + String(repeating: "a", count: 2048),
        ] {
            #expect(Hyperlink.validated(bad) == nil, "\(bad.debugDescription)")
        }
        #expect(Hyperlink(url: "javascript:x", y: 0, columns: 0..<3) == nil)
        #expect(Hyperlink(url: "http://m.test", y: 0, columns: 3..<3) == nil, "no cells, no link")
    }

    @Test("the link's cells written again inside ESC ] 8 ; ; URL ESC \\ … ESC ] 8 ; ; ESC \\, in their styles")
    func bytes() throws {
        var canvas = Canvas(width: 30, height: 3)
        canvas.put("Link  http://m.test/p/1", x: 1, y: 1, style: CellStyle(foreground: .indexed(244)))
        canvas.put("한글", x: 24, y: 1)
        let link = try #require(Hyperlink(url: "http://m.test/p/1", y: 1, columns: 7..<28))
        let text = String(decoding: Hyperlink.bytes([link], on: canvas), as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}[2;8H\u{1B}]8;;http://m.test/p/1\u{1B}\\"))
        #expect(text.contains("\u{1B}[0;38;5;244mhttp://m.test/p/1"))
        #expect(text.contains("한글"), "wide characters once, not their continuation cells")
        #expect(text.hasSuffix("\u{1B}]8;;\u{1B}\\\u{1B}[0m"))
        #expect(Hyperlink.bytes([link], on: Canvas(width: 5, height: 1)).isEmpty, "a link off the canvas writes nothing")
    }

    @Test("hyperlinks only for terminals known to draw them, by their XTVERSION name")
    func terminals() {
        func draws(_ version: String?) -> Bool {
            var answers = TerminalAnswers()
            answers.version = version
            return answers.drawsHyperlinks
        }
        #expect(draws("kitty(0.26.5)") && draws("WezTerm 20240203-110809-5046fc22") && draws("foot(1.16.2)") && draws("ghostty 1.0"))
        #expect(!draws("XTerm(379)") && !draws("tmux 3.3a") && !draws(nil) && !draws("mlterm(3.9.3)"))
    }
}

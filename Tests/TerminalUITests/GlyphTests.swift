import Testing

@testable import TerminalUI

@Suite("Glyphs: a cell's grapheme held inline")
struct GlyphTests {
    @Test(
        "a grapheme of up to fifteen bytes is kept whole, with its columns",
        arguments: [
            ("a", 1), ("가", 2), ("▀", 1), ("🍎", 2), ("❤\u{FE0F}", 2), ("e\u{301}", 1), ("👩\u{200D}👧", 2), ("🇰🇷", 1),
            ("₩", 1),
        ])
    func keptWhole(text: String, columns: Int) {
        let glyph = Glyph(text)
        #expect(glyph.text == text)
        #expect(glyph.count == text.utf8.count)
        #expect(glyph.width == columns)
    }

    @Test("a longer grapheme keeps its first scalar and what follows up to the first joiner or tag, as fits")
    func cut() {
        // A family of four (25 bytes) keeps the man: the joined rest would be half a sequence.
        #expect(Glyph("👨\u{200D}👩\u{200D}👧\u{200D}👦").text == "👨")
        #expect(Glyph("👨\u{200D}👩\u{200D}👧\u{200D}👦").width == 2)
        #expect(Glyph("👩\u{200D}👩\u{200D}👧").text == "👩")
        // Scotland's flag (a black flag and tag characters, 28 bytes) keeps the flag.
        #expect(Glyph("🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}").text == "🏴")
        // A letter under a pile of marks keeps the letter and the marks that fit (two bytes each).
        let piled = "a" + String(repeating: "\u{301}", count: 12)
        #expect(Glyph(piled).text == "a" + String(repeating: "\u{301}", count: 7))
        #expect(Glyph(piled).width == 1)
    }

    @Test("the continuation holds nothing and takes no column; equal glyphs are equal, others differ")
    func equality() {
        #expect(Glyph("").isEmpty)
        #expect(Glyph("") == .continuation)
        #expect(Glyph.continuation.width == 0)
        #expect(Glyph(" ") == .space)
        #expect(Glyph(ascii: 0x41) == Glyph("A"))
        #expect(Glyph("가") != Glyph("나"))
        #expect(Glyph("ab"[...].prefix(1)) == Glyph("a"))
    }

    @Test("a combining mark appended is drawn over the glyph's grapheme; past the capacity it is dropped")
    func appending() {
        var glyph = Glyph("e")
        glyph.append("\u{301}")
        #expect(glyph.text == "e\u{301}")
        #expect(glyph.width == 1)
        var full = Glyph("a" + String(repeating: "\u{301}", count: 7))
        full.append("\u{302}")
        #expect(full.count == 15)
        #expect(full.text == "a" + String(repeating: "\u{301}", count: 7))
    }

    @Test("scalars and bytes come back as they went in")
    func scalarsAndBytes() {
        var scalars: [UInt32] = []
        Glyph("❤\u{FE0F}").forEachScalar { scalars.append($0.value) }
        #expect(scalars == [0x2764, 0xFE0F])
        var bytes: [UInt8] = [0x41]
        Glyph("가").appendUTF8(to: &bytes)
        #expect(bytes == [0x41, 0xEA, 0xB0, 0x80])
    }

    @Test("a cell of a glyph and a style is plain data: copied, its text and its style unchanged")
    func plainCell() {
        #expect(_isPOD(Cell.self))
        let cell = Cell("한", style: CellStyle(foreground: .indexed(3)))
        var canvas = Canvas(width: 4, height: 1)
        canvas[1, 0] = cell
        let copy = canvas
        #expect(copy[1, 0].text == "한")
        #expect(copy[1, 0].style == CellStyle(foreground: .indexed(3)))
    }

    @Test("scalars that stand alone are measured as the graphemes measure them, text of them included")
    func standaloneAgreesWithGraphemes() {
        let ranges: [ClosedRange<UInt32>] = [
            0x20...0x7E, 0xA0...0x2FF, 0x2010...0x20CF, 0x2100...0x2BFF, 0x3000...0x30FF, 0x4E00...0x4E40, 0xAC00...0xAC40,
            0xFF01...0xFF60,
        ]
        for range in ranges {
            for value in range {
                guard let scalar = Unicode.Scalar(value), let width = DisplayWidth.standalone(scalar) else { continue }
                #expect(width == DisplayWidth.of(Character(scalar)), "U+\(String(value, radix: 16))")
                // Beside another standalone scalar it stays a grapheme of its own.
                #expect(String([Character(scalar), "가"]).count == 2, "U+\(String(value, radix: 16))")
            }
        }
        #expect(DisplayWidth.standalone("\u{301}") == nil)
        #expect(DisplayWidth.standalone("\u{FE0F}") == nil)
        #expect(DisplayWidth.standalone("\u{200D}") == nil)
        #expect(DisplayWidth.standalone("\u{1F3FB}") == nil)
        #expect(DisplayWidth.standalone("\u{11A8}") == nil)
        #expect(DisplayWidth.standalone("\u{1B}") == nil)
        #expect(DisplayWidth.of("₩18,100 · 클래식 연") == 19)
    }

    @Test("text put a scalar at a time lays out the cells the grapheme path lays out")
    func putAgreesWithGraphemes() {
        for text in ["₩18,100 ₩20,800", "클래식 연 · 20+ products", "┌──┐ ▶ ← → ░", "ＡＢ 日本語", "a·b–c—d"] {
            var fast = Canvas(width: 40, height: 1)
            fast.put(text, x: 1, y: 0, maxWidth: 30)
            // The same text with a mark that sends it down the grapheme path, put where the mark is cut off.
            var slow = Canvas(width: 40, height: 1)
            slow.put(text + "e\u{301}", x: 1, y: 0, maxWidth: DisplayWidth.of(text))
            #expect(fast == slow, "\(text)")
        }
    }
}

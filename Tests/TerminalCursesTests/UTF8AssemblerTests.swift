import Testing

@testable import TerminalCurses

@Suite("UTF-8 from the terminal, a byte at a time")
struct UTF8AssemblerTests {
    func feed(_ bytes: [UInt8]) -> [UTF8Assembler.Piece] {
        var assembler = UTF8Assembler()
        return bytes.flatMap { assembler.take($0) }
    }

    @Test("ASCII comes out byte for byte")
    func ascii() {
        #expect(feed(Array("jk/".utf8)) == [.scalar("j"), .scalar("k"), .scalar("/")])
    }

    @Test("two-, three- and four-byte characters come out once complete, not before")
    func multibyte() {
        var assembler = UTF8Assembler()
        let mug = Array("머".utf8)
        #expect(assembler.take(mug[0]).isEmpty)
        #expect(assembler.isIncomplete)
        #expect(assembler.take(mug[1]).isEmpty)
        #expect(assembler.take(mug[2]) == [.scalar("머")])
        #expect(!assembler.isIncomplete)
        #expect(feed(Array("é☕🛒".utf8)) == [.scalar("é"), .scalar("☕"), .scalar("🛒")])
    }

    @Test("a stray continuation byte and bytes that never start UTF-8 are invalid, and cost nothing after them",
          arguments: [[0x80], [0xBF], [0xC0], [0xC1], [0xF5], [0xFF]] as [[UInt8]])
    func strayBytes(bad: [UInt8]) {
        #expect(feed(bad + Array("q".utf8)) == [.invalid, .scalar("q")])
    }

    @Test("a sequence cut short by a new character: invalid, then that character")
    func cutShort() {
        #expect(feed([0xEB, 0xB6] + Array("&".utf8)) == [.invalid, .scalar("&")])
        #expect(feed([0xE2] + Array("머".utf8)) == [.invalid, .scalar("머")])
    }

    @Test("overlong forms, surrogates and code points above U+10FFFF are invalid")
    func notScalars() {
        #expect(feed([0xE0, 0x80, 0xAF]) == [.invalid])  // overlong "/"
        #expect(feed([0xED, 0xA0, 0x80]) == [.invalid])  // U+D800
        #expect(feed([0xF4, 0x90, 0x80, 0x80]) == [.invalid])  // U+110000
    }
}

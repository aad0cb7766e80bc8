import Testing

@testable import MarketSearch

@Suite("Composed text: what the market keeps and the fields hold")
struct ComposedTextTests {
    static func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }

    @Test("jamo become syllables, in every order an input method sends them; a syllable and its final join")
    func hangul() {
        #expect(Self.scalars(ComposedText.of("\u{1109}\u{1165}\u{110B}\u{116E}\u{11AF}")) == [0xC11C, 0xC6B8], "서울 from five jamo")
        #expect(Self.scalars(ComposedText.of("\u{C11C}\u{C6B0}\u{11AF}")) == [0xC11C, 0xC6B8], "서우 + ᆯ (Foundation leaves it apart)")
        #expect(Self.scalars(ComposedText.of("\u{AC00}\u{11BC}")) == [0xAC15], "가 + ᆼ is 강")
        #expect(Self.scalars(ComposedText.of("\u{AC01}\u{11BC}")) == [0xAC01, 0x11BC], "a syllable with a final takes no second")
        #expect(Self.scalars(ComposedText.of("\u{3131}\u{314F}")) == [0x3131, 0x314F], "compatibility letters (ㄱㅏ) are what was typed")
    }

    @Test("accents compose, full-width and ligatures stay as typed (NFC, not NFKC), text already composed is the same")
    func others() {
        #expect(Self.scalars(ComposedText.of("cafe\u{301}")) == Self.scalars("caf\u{E9}"))
        #expect(ComposedText.of("ＴＥＡ ﬁ") == "ＴＥＡ ﬁ")
        #expect(Self.scalars(ComposedText.of("ＴＥＡ")) == [0xFF34, 0xFF25, 0xFF21])
        #expect(ComposedText.of("Seoul 서울 🍵") == "Seoul 서울 🍵")
        #expect(ComposedText.of("") == "")
    }
}

import Testing

@testable import MarketSearch

@Suite struct SearchTokenizerTests {
    private func texts(_ text: String) -> [String] { SearchTokenizer.words(in: text).map(\.text) }

    @Test func foldsCaseWidthAccentsAndCompatibilityForms() {
        #expect(texts("Café ＴＥＡ-Pot ﬁne") == ["cafe", "tea", "pot", "fine"])
        #expect(texts("ÜBER straße") == ["uber", "strasse"])
    }

    @Test func splitsOnSpacesAndMarksAndJoinsHyphens() {
        let words = SearchTokenizer.words(in: "Yo-yo, USB-C로 (new!)")
        #expect(words.map(\.text) == ["yo", "yo", "usb", "c", "\u{1105}\u{1169}", "new"])
        #expect(words.map(\.joinsPrevious) == [false, true, false, true, false, false])
        #expect(words.map(\.range) == [0..<2, 3..<5, 7..<10, 11..<12, 12..<13, 15..<18])
    }

    @Test func takesHangulApartIntoLettersWithFinalsAsInitials() {
        // 헤드폰: ᄒ ᅦ ᄃ ᅳ ᄑ ᅩ ᆫ, the final ㄴ written as the initial ᄂ.
        let word = SearchTokenizer.words(in: "헤드폰")[0]
        #expect(word.letters == [0x1112, 0x1166, 0x1103, 0x1173, 0x1111, 0x1169, 0x1102])
        #expect(word.initials == [0x1112, 0x1103, 0x1111])
        // 닭: the double final ㄺ is its two consonants.
        #expect(SearchTokenizer.words(in: "닭")[0].letters == [0x1103, 0x1161, 0x1105, 0x1100])
    }

    @Test func readsDecomposedJamoAndCompatibilityLettersAsSyllables() {
        let composed = SearchTokenizer.words(in: "머그컵")[0]
        let decomposed = SearchTokenizer.words(in: "\u{1106}\u{1165}\u{1100}\u{1173}\u{110F}\u{1165}\u{11B8}")[0]
        #expect(decomposed.letters == composed.letters)
        #expect(decomposed.initials == composed.initials)
        let typed = SearchTokenizer.words(in: "ㅁㄱㅋ")[0]
        #expect(typed.letters == [0x1106, 0x1100, 0x110F])
        #expect(typed.initials == [0x1106, 0x1100, 0x110F])
    }

    @Test func controlCharactersAndPunctuationAreSeparators() {
        #expect(texts("\u{1B}[31mred\u{7}\0mug") == ["31mred", "mug"])
        #expect(texts("!!! ??? ...").isEmpty)
    }

    @Test func cutsVeryLongWords() {
        #expect(SearchTokenizer.words(in: String(repeating: "a", count: 500))[0].letters.count == SearchTokenizer.longestWord)
    }
}

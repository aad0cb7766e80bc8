import Testing

@testable import MarketSearch

@Suite struct QueryWordTests {
    private func word(_ text: String, typing: Bool = false) -> QueryWord {
        QueryWord(letters: SearchTokenizer.words(in: text)[0].letters, typedSoFar: typing)
    }
    private func match(_ query: QueryWord, _ text: String) -> MatchKind? {
        let target = SearchTokenizer.words(in: text)[0]
        return query.match(target.letters, initials: target.initials)
    }

    @Test func typosFollowTheLengthRule() {
        #expect(TypoRule.allowedEdits(forLength: 4) == 0)
        #expect(TypoRule.allowedEdits(forLength: 5) == 1)
        #expect(TypoRule.allowedEdits(forLength: 8) == 1)
        #expect(TypoRule.allowedEdits(forLength: 9) == 2)
        #expect(match(word("mig"), "mug") == nil)
        #expect(match(word("guitr"), "guitar") == .typo)
        #expect(match(word("skatebrd"), "skateboard") == nil)  // 8 letters, 2 edits
        #expect(match(word("skatebord"), "skateboard") == .typo)
    }

    @Test func theWordBeingTypedMatchesStartsOfWords() {
        #expect(match(word("head", typing: true), "headphones") == .prefix)
        #expect(match(word("head"), "headphones") == nil)
        #expect(match(word("headp", typing: true), "headphones") == .prefix)
        #expect(match(word("hesdp", typing: true), "headphones") == .typo)
    }

    @Test func singularAndPluralAreTheSameWord() {
        #expect(match(word("mugs"), "mug") == .exact)
        #expect(EnglishPlural.singular(SearchTokenizer.words(in: "glasses")[0].letters).map { String(decoding: $0.map(UInt8.init), as: UTF8.self) } == "glass")
        #expect(EnglishPlural.singular(SearchTokenizer.words(in: "batteries")[0].letters).map { String(decoding: $0.map(UInt8.init), as: UTF8.self) } == "battery")
        #expect(EnglishPlural.singular(SearchTokenizer.words(in: "glass")[0].letters) == nil)
    }

    @Test func koreanWordsMatchWithTheirParticlesAndByInitials() {
        #expect(match(word("서울"), "서울에서") == .prefix)
        #expect(match(word("ㅁㄱㅋ"), "머그컵") == .prefix)
        #expect(match(word("ㅁㄱ"), "머그컵") == .prefix)
        #expect(match(word("ㄱㅁㅋ"), "머그컵") == nil)
        #expect(match(word("해드폰"), "헤드폰") == .typo)
        #expect(match(word("머그ㅋ"), "머그컵") == .prefix)
    }
}

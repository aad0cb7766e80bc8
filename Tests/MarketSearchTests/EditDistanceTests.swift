import Testing

@testable import MarketSearch

@Suite struct EditDistanceTests {
    private func letters(_ text: String) -> [UInt32] { SearchTokenizer.words(in: text)[0].letters }

    @Test func countsInsertionsDeletionsReplacementsAndSwaps() {
        #expect(EditDistance.within(letters("teapott"), letters("teapot"), limit: 2, prefix: false) == 1)
        #expect(EditDistance.within(letters("guitr"), letters("guitar"), limit: 2, prefix: false) == 1)
        #expect(EditDistance.within(letters("gutiar"), letters("guitar"), limit: 2, prefix: false) == 1)
        #expect(EditDistance.within(letters("skatebord"), letters("skateboard"), limit: 2, prefix: false) == 1)
        #expect(EditDistance.within(letters("kettle"), letters("teapot"), limit: 2, prefix: false) == nil)
        #expect(EditDistance.within(letters("abc"), letters("abc"), limit: 0, prefix: false) == 0)
    }

    @Test func aWrongHangulVowelIsOneEdit() {
        #expect(EditDistance.within(letters("해드폰"), letters("헤드폰"), limit: 1, prefix: false) == 1)
        #expect(EditDistance.within(letters("해드펀"), letters("헤드폰"), limit: 1, prefix: false) == nil)
    }

    @Test func prefixDistanceIsToTheClosestStartOfTheWord() {
        #expect(EditDistance.within(letters("skatev"), letters("skateboard"), limit: 1, prefix: true) == 1)
        #expect(EditDistance.within(letters("headp"), letters("headphones"), limit: 1, prefix: true) == 0)
        #expect(EditDistance.within(letters("hwxdp"), letters("headphones"), limit: 1, prefix: true) == nil)
    }
}

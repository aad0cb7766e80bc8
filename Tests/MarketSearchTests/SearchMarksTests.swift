import Testing

@testable import MarketSearch

@Suite struct SearchMarksTests {
    /// `text` with the marked stretches in brackets.
    private func marked(_ text: String, _ query: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var out = ""
        var position = 0
        for range in SearchMarks.ranges(in: text, for: query) {
            out += String(String.UnicodeScalarView(scalars[position..<range.lowerBound]))
            out += "[" + String(String.UnicodeScalarView(scalars[range])) + "]"
            position = range.upperBound
        }
        return out + String(String.UnicodeScalarView(scalars[position...]))
    }

    @Test func marksWholeWordsForExactAndTypoMatches() {
        #expect(marked("Vintage Teapot", "teapot") == "Vintage [Teapot]")
        #expect(marked("Vintage Teapot", "teapott vintage") == "[Vintage] [Teapot]")
        #expect(marked("Classic Guitar", "guitr ") == "Classic [Guitar]")
        #expect(marked("Coffee Mugs", "mug ") == "Coffee [Mugs]", "a finished word, in the singular")
        #expect(marked("Coffee Mugs", "mug") == "Coffee [Mug]s", "the start typed so far")
    }

    @Test func marksOnlyTheStartTyped() {
        #expect(marked("Pro Skateboard", "skateb") == "Pro [Skateb]oard")
        #expect(marked("제주 머그컵", "ㅁㄱ") == "제주 [머그]컵")
        #expect(marked("서울에서 발송", "서울") == "[서울]에서 발송")
    }

    @Test func marksWordsFoundAsOne() {
        #expect(marked("Studio Yo-yo Set", "yoyo") == "Studio [Yo-yo] Set")
        #expect(marked("Handmade Tea Cup Set", "teacup") == "Handmade [Tea Cup] Set")
        #expect(marked("Vintage Teapot", "tea pot") == "Vintage [Teapot]")
    }

    @Test func marksNothingForNothing() {
        #expect(marked("Vintage Teapot", "") == "Vintage Teapot")
        #expect(marked("Vintage Teapot", "!!!") == "Vintage Teapot")
        #expect(marked("Vintage Teapot", "guitar") == "Vintage Teapot")
    }
}

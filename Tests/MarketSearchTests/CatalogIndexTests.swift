import Testing

@testable import MarketSearch

@Suite struct CatalogIndexTests {
    /// An index of (id, name, description).
    static func index(_ products: [(Int, String, String)]) -> CatalogIndex {
        var index = CatalogIndex()
        for (id, name, description) in products { index.upsert(id: id, name: name, description: description) }
        return index
    }

    static let shop = index([
        (1, "Seoul Sunglasses", "Dark lenses."),
        (2, "Classic Hand Saw", "Ships from Seoul."),
        (3, "Seoulful Mug", "A mug."),
        (4, "Seul Lamp", "Typo in the name on purpose."),
        (5, "Vintage Teapot", "Ships from Seoul too."),
        (6, "Tea Pot Stand", "Holds a teapot."),
    ])

    @Test func nameBeforeDescriptionExactBeforePrefixBeforeTypoThenNewest() {
        // seoul, typed so far: exact in a name (1), a prefix in a name (3), a typo in a name (4), then the
        // descriptions newest first (5, 2).
        #expect(Self.shop.page(SearchQuery("seoul"), offset: 0, limit: 10) == (5, [1, 3, 4, 5, 2]))
        // Finished (a space after it): no prefix.
        #expect(Self.shop.page(SearchQuery("seoul "), offset: 0, limit: 10) == (4, [1, 4, 5, 2]))
    }

    @Test func pagesCutAcrossScores() {
        let query = SearchQuery("seoul")
        #expect(Self.shop.page(query, offset: 1, limit: 2) == (5, [3, 4]))
        #expect(Self.shop.page(query, offset: 3, limit: 2) == (5, [5, 2]))
        #expect(Self.shop.page(query, offset: 5, limit: 2) == (5, []))
    }

    @Test func twoWordsAsOneAndOneWordAsTwo() {
        // tea pot: teapot in a name (5, both words: 0 + 0) before Tea Pot Stand's words (6, 0 + 0 too, newer).
        #expect(Self.shop.page(SearchQuery("tea pot"), offset: 0, limit: 10).ids == [6, 5])
        // teapot: Vintage Teapot's name, then Tea Pot Stand's name written together.
        #expect(Self.shop.page(SearchQuery("teapot "), offset: 0, limit: 10).ids == [6, 5])
    }

    @Test func everyWordMustMatch() {
        #expect(Self.shop.page(SearchQuery("seoul lamp"), offset: 0, limit: 10).ids == [4])
        #expect(Self.shop.page(SearchQuery("seoul violin"), offset: 0, limit: 10).total == 0)
    }

    @Test func replacingAndRemovingAProduct() {
        var index = Self.shop
        index.upsert(id: 1, name: "Busan Sunglasses", description: "Dark lenses.")
        #expect(index.page(SearchQuery("seoul "), offset: 0, limit: 10).ids == [4, 5, 2])
        #expect(index.page(SearchQuery("busan"), offset: 0, limit: 10).ids == [1])
        index.upsert(id: 1, name: "Busan Sunglasses, edited", description: "Dark lenses.")
        #expect(index.page(SearchQuery("busan"), offset: 0, limit: 10).ids == [1], "the same words indexed again")
        #expect(index.page(SearchQuery("sunglasses edited"), offset: 0, limit: 10).ids == [1])
        index.remove(id: 5)
        #expect(index.page(SearchQuery("seoul "), offset: 0, limit: 10).ids == [4, 2])
        #expect(index.count == 5)
        #expect(Self.shop.page(SearchQuery("seoul "), offset: 0, limit: 10).ids == [1, 4, 5, 2], "the copy read before is unchanged")
    }

    @Test func productsAddedOutOfIDOrderStillListNewestFirst() {
        var index = Self.index([(10, "Blue Mug", ""), (30, "Red Mug", "")])
        index.upsert(id: 20, name: "Green Mug", description: "")
        #expect(index.page(SearchQuery("mug"), offset: 0, limit: 10).ids == [30, 20, 10])
        #expect(index.page(SearchQuery("mug"), offset: 1, limit: 1).ids == [20])
    }

    @Test func theCallerFiltersByID() {
        let index = Self.index([(1, "Blue Mug", ""), (2, "Red Mug", ""), (3, "Green Mug", "")])
        #expect(index.page(SearchQuery("mug"), offset: 0, limit: 10, admits: { $0 != 2 }) == (2, [3, 1]))
        #expect(index.hits(SearchQuery("mug"), admits: { $0 != 2 }) == [.init(id: 3, score: 0), .init(id: 1, score: 0)])
    }

    @Test func didYouMeanUsesTheCatalogsWords() {
        #expect(Self.shop.page(SearchQuery("teapottt"), offset: 0, limit: 1).total == 0)
        #expect(Self.shop.suggestion(for: "teapottt") == "teapot")
        #expect(Self.shop.suggestion(for: "vintage teapottt") == "vintage teapot", "the matched word kept as typed")
        #expect(Self.shop.suggestion(for: "qqqqqqqq") == nil)
        #expect(Self.shop.suggestion(for: "!!!") == nil)
    }

    @Test func aQueryOfOnlyMarksFindsNothing() {
        #expect(Self.shop.page(SearchQuery("%_'\""), offset: 0, limit: 10) == (0, []))
    }
}

import MarketWords
import Testing

/// The market's words as the wire writes them: the names every server, client, CLI and tool must agree on.
@Suite("The market's words")
struct MarketWordsTests {
    @Test("the orders, the listing's parameters and the currencies are the API's words, in the API's order")
    func words() {
        #expect(ListingOrder.allCases.map(\.rawValue) == ["newest", "price-asc", "price-desc", "discount", "stock"])
        #expect(ListingParameter.allCases.map(\.rawValue) == [
            "page_no", "items_per_page", "search_value", "sort", "in_stock", "currency", "price_min", "price_max",
        ])
        #expect(MarketCurrency.allCases.map(\.rawValue) == ["KRW", "USD"])
        #expect(MarketCurrency(code: "usd") == .usd && MarketCurrency(code: "EUR") == nil && MarketCurrency(rawValue: "krw") == nil)
        #expect(
            [MarketCurrency.priceRank(code: "KRW"), MarketCurrency.priceRank(code: "usd"), MarketCurrency.priceRank(code: "EUR")] == [0, 1, 2],
            "won, then dollars, then any other code")
    }

    @Test("a product's keys: the twelve every product has, then the page's and the detail's own")
    func productKeys() {
        #expect(ProductKey.fields.map(\.rawValue) == [
            "id", "vendor_id", "name", "description", "thumbnail", "currency", "price", "bargain_price", "discounted_price",
            "stock", "created_at", "issued_at",
        ])
        #expect(Set(ProductKey.allCases).subtracting(ProductKey.fields).map(\.rawValue).sorted() == ["images", "vendorName", "vendors"])
    }

    @Test("English lists: one word, two with or, more with commas and or")
    func spoken() {
        #expect(ListingOrder.spoken == "newest, price-asc, price-desc, discount or stock")
        #expect(MarketCurrency.spoken == "KRW or USD")
        #expect([ListingOrder.discount].spoken == "discount" && [ListingOrder]().spoken == "")
    }

    @Test("the rules of API.md's table and the listing's bounds")
    func rules() {
        #expect(ProductRules.nameLength == 3...100 && ProductRules.descriptionLength == 10...1000)
        #expect(ProductRules.pictureCount == 1...5 && ProductRules.pictureBytes == 307_200)
        #expect(ProductRules.itemsPerPage == 1...100 && ProductRules.defaultItemsPerPage == 20 && ProductRules.searchLength == 200)
    }

    @Test("the delete steps' paths")
    func deleteSteps() {
        #expect(DeleteSteps.askPath(id: 17) == "/api/products/17/archived")
        #expect(DeleteSteps.deletePath(token: "tok-1") == "/api/products/tok-1")
        #expect(MarketPaths.product(id: 3) == "/api/products/3" && MarketPaths.wishList(owner: "ab") == "/api/wishlists/ab")
    }

    @Test("numbers as the documents write them: a comma every three digits")
    func grouped() {
        #expect([0, 999, 1000, 307_200, 1_000_000, -12_000].map(\.grouped) == ["0", "999", "1,000", "307,200", "1,000,000", "-12,000"])
    }
}

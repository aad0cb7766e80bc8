import Foundation
import Mocks
import OpenMarketAPI
import Testing

@Suite("ProductPage: camelCase and snake_case keys, derived fields")
struct ProductPageTests {
    private func page(_ name: APIFixtures.Name) throws -> ProductPage {
        try JSONDecoder().decode(ProductPage.self, from: Data(APIFixtures.bytes(name)))
    }

    @Test("the live server's camelCase page")
    func camelCase() throws {
        let page = try page(.pageCamel)
        #expect(page.pageNumber == 2)
        #expect(page.itemsPerPage == 3)
        #expect(page.totalCount == 8)
        #expect(page.offset == 3)
        #expect(page.limit == 6)
        #expect(page.lastPage == 3)
        #expect(page.hasNext)
        #expect(page.hasPrev)
        #expect(page.products.map(\.id) == [5, 4, 3])
        #expect(page.products.map(\.name) == ["Blue Mug", "Green Tea", "Notebook"])
    }

    @Test("the listing a page echoes: the market's order and filter read as its words; an order this client does not know reads as no echo (it then arranges what it loads itself)")
    func listingEcho() throws {
        func echoed(_ listing: String) throws -> PageListing? {
            let json = #"{"pageNo":1,"itemsPerPage":20,"totalCount":0,"pages":[],"listing":"# + listing + "}"
            return try JSONDecoder().decode(ProductPage.self, from: Data(json.utf8)).listing
        }
        let known = try #require(try echoed(#"{"sort":"price-desc","in_stock":true,"currency":"KRW"}"#))
        #expect(known.sort == .priceDescending && known.inStockOnly && known.rangeCurrency == "KRW")
        #expect(known.honours(PageListing(sort: .priceDescending, inStockOnly: true)))
        #expect(!known.honours(PageListing(sort: .discount, inStockOnly: true)))
        #expect(try echoed(#"{"sort":"rating","in_stock":false}"#) == nil)
        #expect(try echoed(#"{"in_stock":false}"#)?.sort == .newest)
    }

    @Test("an older dump's snake_case page")
    func snakeCase() throws {
        let page = try page(.pageSnake)
        #expect(page.pageNumber == 1)
        #expect(page.itemsPerPage == 2)
        #expect(page.totalCount == 5)
        #expect(page.offset == 0)
        #expect(page.limit == 2)
        #expect(page.lastPage == 3)
        #expect(page.hasNext)
        #expect(!page.hasPrev)
        #expect(page.products.map(\.id) == [522, 521])
        #expect(page.products[1].vendorName == "제이슨")
    }

    @Test("offset, limit, lastPage, hasNext and hasPrev are derived when missing")
    func derived() throws {
        let page = try page(.pageDerived)
        #expect(page.pageNumber == 3)
        #expect(page.offset == 20)
        #expect(page.limit == 30)
        #expect(page.lastPage == 3)
        #expect(!page.hasNext)
        #expect(page.hasPrev)
        #expect(page.products.isEmpty)
    }

    @Test(
        "derivation follows API.md's formulas",
        arguments: [
            (1, 20, 0, 0, 20, 0, false, false), (1, 20, 113, 0, 20, 6, true, false),
            (6, 20, 113, 100, 120, 6, false, true), (2, 10, 20, 10, 20, 2, false, true),
        ])
    func formulas(
        number: Int, perPage: Int, total: Int, offset: Int, limit: Int, lastPage: Int, hasNext: Bool, hasPrev: Bool
    ) throws {
        let json = "{\"page_no\":\(number),\"items_per_page\":\(perPage),\"total_count\":\(total),\"pages\":[]}"
        let page = try JSONDecoder().decode(ProductPage.self, from: Data(json.utf8))
        #expect(page.offset == offset)
        #expect(page.limit == limit)
        #expect(page.lastPage == lastPage)
        #expect(page.hasNext == hasNext)
        #expect(page.hasPrev == hasPrev)
    }

    @Test("camelCase wins when a page somehow has both spellings")
    func bothSpellings() throws {
        let json = #"{"pageNo":2,"page_no":9,"itemsPerPage":5,"items_per_page":9,"totalCount":7,"pages":[]}"#
        let page = try JSONDecoder().decode(ProductPage.self, from: Data(json.utf8))
        #expect(page.pageNumber == 2)
        #expect(page.itemsPerPage == 5)
    }

    @Test("a page without pageNo or without pages is an error naming the key")
    func missingRequired() throws {
        let noNumber = #"{"itemsPerPage":5,"totalCount":7,"pages":[]}"#
        #expect {
            try JSONDecoder().decode(ProductPage.self, from: Data(noNumber.utf8))
        } throws: { error in
            guard case DecodingError.keyNotFound(let key, _) = error else { return false }
            return key.stringValue == "pageNo"
        }
        let noPages = #"{"pageNo":1,"itemsPerPage":5,"totalCount":7}"#
        #expect {
            try JSONDecoder().decode(ProductPage.self, from: Data(noPages.utf8))
        } throws: { error in
            guard case DecodingError.keyNotFound(let key, _) = error else { return false }
            return key.stringValue == "pages"
        }
    }
}

import Foundation
import Mocks
import OpenMarketAPI
import Testing

@Suite("ProductSummary: every edge case of a list item")
struct ProductSummaryTests {
    private func items(_ name: APIFixtures.Name = .pageEdge) throws -> [Int: ProductSummary] {
        let page = try JSONDecoder().decode(ProductPage.self, from: Data(APIFixtures.bytes(name)))
        return Dictionary(uniqueKeysWithValues: page.products.map { ($0.id, $0) })
    }

    @Test("every field of a complete item")
    func complete() throws {
        let item = try #require(try items(.pageCamel)[5])
        #expect(item.vendorID == 2)
        #expect(item.vendorName == "alice")
        #expect(item.name == "Blue Mug")
        #expect(item.description == "A sturdy cup for your coffee.")
        #expect(item.thumbnailURL?.absoluteString == "http://127.0.0.1:8080/images/2/20221115/a1b2c3_thumb.jpg")
        #expect(item.currency == .krw)
        #expect(item.price == Price(12000))
        #expect(item.bargainPrice == Price(11000))
        #expect(item.discountedPrice == Price(1000))
        #expect(item.stock == 3)
        #expect(item.createdAt == utc(2022, 11, 15))
        #expect(item.issuedAt == utc(2022, 11, 15, 9, 30, 15))
    }

    @Test("exponent-form prices: 1.2345555E7 is 12345555")
    func exponentPrice() throws {
        let item = try #require(try items()[106])
        #expect(item.price.amount == 12_345_555)
        #expect(item.bargainPrice.amount == 12_345_555)
        #expect(item.price.formatted(item.currency) == "₩12,345,555")
        let thousand = try #require(try items()[101])
        #expect(thousand.price == Price(1000))
    }

    @Test("2.36 dollars stays 2.36, with its discount and bargain price")
    func fractionalPrice() throws {
        let item = try #require(try items()[105])
        #expect(item.price.amount == decimal("2.36"))
        #expect(item.discountedPrice.amount == decimal("0.36"))
        #expect(item.bargainPrice.amount == 2)
        #expect(item.price.formatted(.usd) == "$2.36")
    }

    @Test("an empty description and a missing one both read as empty")
    func descriptions() throws {
        let all = try items()
        #expect(all[105]?.description == "")
        #expect(all[104]?.description == "")
    }

    @Test("an unknown currency does not fail the page")
    func unknownCurrency() throws {
        let item = try #require(try items()[104])
        #expect(item.currency == .other("EUR"))
        #expect(item.price.formatted(item.currency) == "12.5 EUR")
    }

    @Test("vendorName is optional; an unusable thumbnail is nil")
    func optionalKeys() throws {
        let all = try items()
        #expect(all[104]?.vendorName == nil)
        #expect(all[101]?.vendorName == "")
        #expect(all[104]?.thumbnailURL == nil)
        #expect(all[103]?.thumbnailURL == nil)
        #expect(all[106]?.thumbnailURL != nil)
    }

    @Test("Korean text is kept as is")
    func korean() throws {
        let item = try #require(try items()[103])
        #expect(item.name == "파란 머그컵")
        #expect(item.vendorName == "제이슨")
        #expect(item.description == "튼튼한 머그컵입니다. 식기세척기 사용 가능.")
        #expect(item.name.count == 6)
    }

    @Test("all three date forms, and a leap day")
    func dates() throws {
        let all = try items()
        #expect(all[106]?.createdAt == utc(2022, 11, 15))
        #expect(all[105]?.createdAt == utc(2022, 1, 4))
        #expect(all[104]?.createdAt == utc(2021, 12, 29))
        #expect(all[102]?.createdAt == utc(2024, 2, 29, 23, 59, 59))
        let issued = try #require(all[105]?.issuedAt)
        #expect(abs(issued.timeIntervalSince(utc(2022, 1, 4, 12, 34, 56)) - 0.123456) < 1e-6)
    }

    @Test("escape sequences and control characters in text decode exactly as sent")
    func controlCharacters() throws {
        let item = try #require(try items()[102])
        #expect(item.name == "\u{1B}[31mRED\u{1B}[0m")
        #expect(item.name.unicodeScalars.first == "\u{1B}")
        #expect(item.description == "Line one\nline two\t\"quoted\" \\ back \u{2028} sep 🍵")
        #expect(item.currency == .usd)
    }

    @Test("stock beyond 32 bits")
    func bigStock() throws {
        #expect(try items()[101]?.stock == 2_147_483_648)
    }

    @Test("the whole edge page decodes, in order")
    func order() throws {
        let page = try JSONDecoder().decode(ProductPage.self, from: Data(APIFixtures.bytes(.pageEdge)))
        #expect(page.products.map(\.id) == [106, 105, 104, 103, 102, 101])
    }
}

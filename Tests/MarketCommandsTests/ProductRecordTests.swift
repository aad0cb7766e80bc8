import Foundation
import MarketCommands
import OpenMarketAPI
import Testing

/// What `products list --json` and the MCP tools print: the API's own keys and values.
@Suite("A product's record in JSON")
struct ProductRecordTests {
    static let date = Date(timeIntervalSince1970: 1_700_000_000)
    static let mug = ProductSummary(
        id: 7, vendorID: 3, vendorName: nil, name: "Mug", description: "A sturdy mug for coffee.",
        thumbnailURL: URL(string: "http://m.test/images/7/thumb.jpg"), currency: .usd, price: Price(Decimal(string: "12.30")!),
        bargainPrice: Price(Decimal(string: "11.05")!), discountedPrice: Price(Decimal(string: "1.25")!), stock: 4, createdAt: date,
        issuedAt: date)

    @Test("a summary: snake_case keys sorted, prices as exact numbers, dates in ISO 8601, slashes not escaped, no images key")
    func summary() {
        let json = ProductRecord(Self.mug).json()
        #expect(
            json == """
                {"bargain_price":11.05,"created_at":"2023-11-14T22:13:20Z","currency":"USD","description":"A sturdy mug for coffee.",\
                "discounted_price":1.25,"id":7,"issued_at":"2023-11-14T22:13:20Z","name":"Mug","price":12.3,"stock":4,\
                "thumbnail":"http://m.test/images/7/thumb.jpg","vendor_id":3}
                """)
    }

    @Test("a detail: its pictures with their ids and both addresses, and the vendor's name from the detail when the summary has none")
    func detail() throws {
        let picture = ProductImage(
            id: 70, url: URL(string: "http://m.test/images/7/a.jpg")!, thumbnailURL: URL(string: "http://m.test/images/7/a-thumb.jpg")!)
        let detail = ProductDetail(summary: Self.mug, images: [picture], vendor: VendorInfo(id: 3, name: "alice"))
        let object = try #require(JSONSerialization.jsonObject(with: Data(ProductRecord(detail).json().utf8)) as? [String: Any])
        #expect(object["vendor_name"] as? String == "alice")
        let images = try #require(object["images"] as? [[String: Any]])
        #expect(images.count == 1)
        #expect(images[0]["id"] as? Int == 70 && images[0]["url"] as? String == "http://m.test/images/7/a.jpg")
        #expect(images[0]["thumbnail_url"] as? String == "http://m.test/images/7/a-thumb.jpg")
    }
}

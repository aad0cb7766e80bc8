import Foundation
import Mocks
import OpenMarketAPI
import Testing

@Suite("ProductDetail: images, vendor and optional keys")
struct ProductDetailTests {
    private func detail(_ name: APIFixtures.Name) throws -> ProductDetail {
        try JSONDecoder().decode(ProductDetail.self, from: Data(APIFixtures.bytes(name)))
    }

    @Test("a full detail with two images and its vendor")
    func full() throws {
        let detail = try detail(.detail)
        #expect(detail.id == 17)
        #expect(detail.name == "파란 머그컵")
        #expect(detail.currency == .usd)
        #expect(detail.price.amount == decimal("2.36"))
        #expect(detail.bargainPrice.amount == 2)
        #expect(detail.stock == 7)
        #expect(detail.vendor == VendorInfo(id: 2, name: "alice"))
        #expect(detail.images.count == 2)
        let second = detail.images[1]
        #expect(second.id == 32)
        #expect(second.url.absoluteString == "http://127.0.0.1:8080/images/2/20221115/bb22_origin.png")
        #expect(second.thumbnailURL.absoluteString == "http://127.0.0.1:8080/images/2/20221115/bb22_thumb.jpg")
        #expect(second.issuedAt == utc(2022, 11, 15, 12, 0, 31))
    }

    @Test("description, images and vendors may be missing; an empty thumbnail is nil")
    func minimal() throws {
        let detail = try detail(.detailMinimal)
        #expect(detail.description == "")
        #expect(detail.images.isEmpty)
        #expect(detail.vendor == nil)
        #expect(detail.thumbnailURL == nil)
        #expect(detail.createdAt == utc(2022, 1, 4))
        #expect(detail.issuedAt == utc(2021, 12, 29))
    }

    @Test("summary carries the same fields and names the vendor")
    func summary() throws {
        let detail = try detail(.detail)
        let summary = detail.summary
        #expect(summary.id == detail.id)
        #expect(summary.vendorName == "alice")
        #expect(summary.price == detail.price)
        #expect(summary.thumbnailURL == detail.thumbnailURL)
        #expect(summary.createdAt == detail.createdAt)
        #expect(try self.detail(.detailMinimal).summary.vendorName == nil)
    }

    @Test("an image without issued_at is fine; an image with a bad URL is an error")
    func images() throws {
        let good = #"{"id":1,"url":"http://h/a.jpg","thumbnail_url":"http://h/a_t.jpg"}"#
        let image = try JSONDecoder().decode(ProductImage.self, from: Data(good.utf8))
        #expect(image.issuedAt == nil)
        let bad = #"{"id":1,"url":"","thumbnail_url":"http://h/a_t.jpg"}"#
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ProductImage.self, from: Data(bad.utf8))
        }
    }
}

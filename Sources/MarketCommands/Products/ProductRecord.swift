import Foundation
import OpenMarketAPI

/// A product as the commands print it in JSON: the API's own keys and values (snake_case, prices exact),
/// with the pictures when the detail is known. What a script reads from `products list --json` it can send
/// back to the API.
public struct ProductRecord: Encodable {
    /// A picture: its id and addresses.
    public struct Picture: Encodable {
        public var id: Int
        public var url: String
        public var thumbnailURL: String

        enum CodingKeys: String, CodingKey {
            case id, url
            case thumbnailURL = "thumbnail_url"
        }
    }

    public var id: Int
    public var vendorID: Int
    public var vendorName: String?
    public var name: String
    public var description: String
    public var thumbnail: String?
    public var currency: String
    public var price: Decimal
    public var bargainPrice: Decimal
    public var discountedPrice: Decimal
    public var stock: Int
    public var createdAt: Date
    public var issuedAt: Date
    public var images: [Picture]?

    enum CodingKeys: String, CodingKey {
        case id, name, description, thumbnail, currency, price, stock, images
        case vendorID = "vendor_id"
        case vendorName = "vendor_name"
        case bargainPrice = "bargain_price"
        case discountedPrice = "discounted_price"
        case createdAt = "created_at"
        case issuedAt = "issued_at"
    }

    /// The record of `product`, with `images` when the detail is known.
    public init(_ product: ProductSummary, images: [ProductImage]? = nil) {
        id = product.id
        vendorID = product.vendorID
        vendorName = product.vendorName
        name = product.name
        description = product.description
        thumbnail = product.thumbnailURL?.absoluteString
        currency = product.currency.code
        price = product.price.amount
        bargainPrice = product.bargainPrice.amount
        discountedPrice = product.discountedPrice.amount
        stock = product.stock
        createdAt = product.createdAt
        issuedAt = product.issuedAt
        self.images = images?.map { Picture(id: $0.id, url: $0.url.absoluteString, thumbnailURL: $0.thumbnailURL.absoluteString) }
    }

    /// The record of a product's detail, its pictures included.
    public init(_ detail: ProductDetail) {
        self.init(detail.summary, images: detail.images)
        vendorName = vendorName ?? detail.vendor?.name
    }

    /// One line of JSON (keys sorted, no slashes escaped, dates as ISO 8601), with `encoder` (one for many
    /// records: making one a record was most of `list --jsonl`'s time).
    public func json(with encoder: JSONEncoder = Self.encoder()) -> String {
        String(decoding: (try? encoder.encode(self)) ?? Data("{}".utf8), as: UTF8.self)
    }

    /// An encoder as `json` writes with.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }
}

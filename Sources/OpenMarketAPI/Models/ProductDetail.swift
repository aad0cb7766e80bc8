public import Foundation

/// One product in full: what `GET /api/products/{id}` answers, and the body of every successful write.
///
/// `images` is empty and `vendor` nil when the JSON leaves them out.
public struct ProductDetail: Sendable, Equatable, Decodable, Identifiable {
    public var id: Int
    public var vendorID: Int
    public var name: String
    public var description: String
    public var thumbnailURL: URL?
    public var currency: Currency
    public var price: Price
    /// What the buyer pays: `price − discountedPrice`, computed by the server.
    public var bargainPrice: Price
    /// The discount amount.
    public var discountedPrice: Price
    public var stock: Int
    public var createdAt: Date
    public var issuedAt: Date
    /// The product's pictures, in the order they were uploaded.
    public var images: [ProductImage]
    /// The vendor (JSON key `vendors`).
    public var vendor: VendorInfo?

    /// A detail with every field given.
    public init(
        id: Int, vendorID: Int, name: String, description: String = "", thumbnailURL: URL? = nil,
        currency: Currency, price: Price, bargainPrice: Price, discountedPrice: Price, stock: Int,
        createdAt: Date, issuedAt: Date, images: [ProductImage] = [], vendor: VendorInfo? = nil
    ) {
        self.id = id
        self.vendorID = vendorID
        self.name = name
        self.description = description
        self.thumbnailURL = thumbnailURL
        self.currency = currency
        self.price = price
        self.bargainPrice = bargainPrice
        self.discountedPrice = discountedPrice
        self.stock = stock
        self.createdAt = createdAt
        self.issuedAt = issuedAt
        self.images = images
        self.vendor = vendor
    }

    enum CodingKeys: String, CodingKey {
        case images
        case vendors
    }

    /// The list keys are read exactly as `ProductSummary` reads them; then `images` and `vendors`.
    public init(from decoder: any Decoder) throws {
        let base = try ProductSummary(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: base.id, vendorID: base.vendorID, name: base.name, description: base.description,
            thumbnailURL: base.thumbnailURL, currency: base.currency, price: base.price,
            bargainPrice: base.bargainPrice, discountedPrice: base.discountedPrice, stock: base.stock,
            createdAt: base.createdAt, issuedAt: base.issuedAt,
            images: try container.decodeIfPresent([ProductImage].self, forKey: .images) ?? [],
            vendor: try container.decodeIfPresent(VendorInfo.self, forKey: .vendors))
    }

    /// The same product as a list would show it (`vendorName` taken from `vendor`).
    public var summary: ProductSummary {
        ProductSummary(
            id: id, vendorID: vendorID, vendorName: vendor?.name, name: name, description: description,
            thumbnailURL: thumbnailURL, currency: currency, price: price, bargainPrice: bargainPrice,
            discountedPrice: discountedPrice, stock: stock, createdAt: createdAt, issuedAt: issuedAt)
    }
}

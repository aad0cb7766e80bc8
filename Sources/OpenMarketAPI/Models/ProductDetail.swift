import MarketWords
public import Foundation

/// One product in full: what `GET /api/products/{id}` answers, and the body of every successful write —
/// the product as a list shows it (`summary`), its pictures and its vendor. The summary's fields read
/// and write through the detail (`detail.name`, `detail.price = …`).
///
/// `images` is empty and `vendor` nil when the JSON leaves them out.
@dynamicMemberLookup
public struct ProductDetail: Sendable, Equatable, Decodable, Identifiable {
    /// The product as a list would show it; its `vendorName` is always `vendor`'s name.
    public private(set) var summary: ProductSummary
    /// The product's pictures, in the order they were uploaded.
    public var images: [ProductImage]
    /// The vendor (JSON key `vendors`).
    public var vendor: VendorInfo? {
        didSet { summary.vendorName = vendor?.name }
    }

    public var id: Int { summary.id }

    /// A field of the summary.
    public subscript<Value>(dynamicMember field: WritableKeyPath<ProductSummary, Value>) -> Value {
        get { summary[keyPath: field] }
        set {
            summary[keyPath: field] = newValue
            summary.vendorName = vendor?.name
        }
    }

    /// A detail of a product as listed, with its pictures and vendor.
    public init(summary: ProductSummary, images: [ProductImage] = [], vendor: VendorInfo? = nil) {
        self.summary = summary
        self.summary.vendorName = vendor?.name
        self.images = images
        self.vendor = vendor
    }

    /// A detail with every field given.
    public init(
        id: Int, vendorID: Int, name: String, description: String = "", thumbnailURL: URL? = nil,
        currency: Currency, price: Price, bargainPrice: Price, discountedPrice: Price, stock: Int,
        createdAt: Date, issuedAt: Date, images: [ProductImage] = [], vendor: VendorInfo? = nil
    ) {
        self.init(
            summary: ProductSummary(
                id: id, vendorID: vendorID, name: name, description: description, thumbnailURL: thumbnailURL,
                currency: currency, price: price, bargainPrice: bargainPrice, discountedPrice: discountedPrice,
                stock: stock, createdAt: createdAt, issuedAt: issuedAt),
            images: images, vendor: vendor)
    }

    /// The list keys are read exactly as `ProductSummary` reads them; then `images` and `vendors`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: ProductKey.self)
        self.init(
            summary: try ProductSummary(from: decoder),
            images: try container.decodeIfPresent([ProductImage].self, forKey: .images) ?? [],
            vendor: try container.decodeIfPresent(VendorInfo.self, forKey: .vendors))
    }
}

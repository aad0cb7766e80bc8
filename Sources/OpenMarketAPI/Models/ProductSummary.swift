import MarketWords
public import Foundation

/// One product as a page lists it.
///
/// `vendorName` and `description` may be missing from the JSON (`nil` and `""`); an empty or unreadable
/// `thumbnail` becomes a nil `thumbnailURL`. Text is kept exactly as received: making it safe to print is
/// the UI's job.
public struct ProductSummary: Sendable, Equatable, Decodable, Identifiable {
    public var id: Int
    public var vendorID: Int
    public var vendorName: String?
    public var name: String
    public var description: String
    public var thumbnailURL: URL?
    public var currency: Currency
    public var price: Price
    /// What the buyer pays: `price − discountedPrice`, computed by the server.
    public var bargainPrice: Price
    /// The discount amount (not the discounted price, despite the API's name).
    public var discountedPrice: Price
    public var stock: Int
    public var createdAt: Date
    public var issuedAt: Date

    /// A summary with every field given.
    public init(
        id: Int, vendorID: Int, vendorName: String? = nil, name: String, description: String = "",
        thumbnailURL: URL? = nil, currency: Currency, price: Price, bargainPrice: Price, discountedPrice: Price,
        stock: Int, createdAt: Date, issuedAt: Date
    ) {
        self.id = id
        self.vendorID = vendorID
        self.vendorName = vendorName
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
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: ProductKey.self)
        id = try container.decode(Int.self, forKey: .id)
        vendorID = try container.decode(Int.self, forKey: .vendorID)
        vendorName = try container.decodeIfPresent(String.self, forKey: .vendorName)
        name = try container.decode(String.self, forKey: .name)
        description = try container.decodeIfPresent(String.self, forKey: .description) ?? ""
        thumbnailURL = try container.decodeLenientURL(forKey: .thumbnail)
        currency = try container.decode(Currency.self, forKey: .currency)
        price = try container.decode(Price.self, forKey: .price)
        bargainPrice = try container.decode(Price.self, forKey: .bargainPrice)
        discountedPrice = try container.decode(Price.self, forKey: .discountedPrice)
        stock = try container.decode(Int.self, forKey: .stock)
        createdAt = try container.decodeTimestamp(forKey: .createdAt)
        issuedAt = try container.decodeTimestamp(forKey: .issuedAt)
    }
}

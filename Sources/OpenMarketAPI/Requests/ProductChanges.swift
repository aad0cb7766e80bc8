public import Foundation

/// What to change in a product (`PATCH /api/products/{id}`): nil fields stay as they are.
public struct ProductChanges: Sendable, Equatable {
    public var name: String?
    public var description: String?
    /// The id of one of the product's images, to become its thumbnail (JSON key `thumbnail_id`).
    public var thumbnailID: Int?
    public var price: Decimal?
    public var currency: Currency?
    public var discountedPrice: Decimal?
    public var stock: Int?

    /// Changes to the given fields only.
    public init(
        name: String? = nil, description: String? = nil, thumbnailID: Int? = nil, price: Decimal? = nil,
        currency: Currency? = nil, discountedPrice: Decimal? = nil, stock: Int? = nil
    ) {
        self.name = name
        self.description = description
        self.thumbnailID = thumbnailID
        self.price = price
        self.currency = currency
        self.discountedPrice = discountedPrice
        self.stock = stock
    }

    /// True when nothing would change.
    public var isEmpty: Bool {
        self == ProductChanges()
    }
}

public import Foundation

/// The fields of a product to register (the `params` part of `POST /api/products`, without the secret).
public struct NewProduct: Sendable, Equatable {
    public var name: String
    public var description: String
    public var price: Decimal
    public var currency: Currency
    /// The discount amount, 0 ≤ discountedPrice ≤ price.
    public var discountedPrice: Decimal
    public var stock: Int

    /// A product to register; no discount and no stock unless given.
    public init(
        name: String, description: String, price: Decimal, currency: Currency, discountedPrice: Decimal = 0,
        stock: Int = 0
    ) {
        self.name = name
        self.description = description
        self.price = price
        self.currency = currency
        self.discountedPrice = discountedPrice
        self.stock = stock
    }
}

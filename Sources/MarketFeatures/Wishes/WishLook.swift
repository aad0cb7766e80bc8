public import OpenMarketAPI

/// What one look at the market found of a kept product: the product as it is now, or nil when the market
/// answered that it has no such product (deleted). A look that failed is not reported.
public struct WishLook: Sendable, Equatable {
    public var id: Int
    public var product: ProductSummary?

    public init(id: Int, product: ProductSummary?) {
        self.id = id
        self.product = product
    }
}

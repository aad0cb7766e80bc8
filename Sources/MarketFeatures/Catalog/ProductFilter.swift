public import OpenMarketAPI

/// Which loaded products are listed: all of them, or only those in stock, or only those in a price range.
public struct ProductFilter: Sendable, Equatable {
    /// Only products with stock left.
    public var inStockOnly = false
    /// Only products of the range's currency and price paid (`$`).
    public var priceRange: PriceRange?

    public init(inStockOnly: Bool = false, priceRange: PriceRange? = nil) {
        self.inStockOnly = inStockOnly
        self.priceRange = priceRange
    }

    /// Whether it lets every product through.
    public var isEmpty: Bool { !inStockOnly && priceRange == nil }

    /// Whether `product` is listed.
    public func admits(_ product: ProductSummary) -> Bool {
        (!inStockOnly || product.stock > 0) && (priceRange?.contains(product) ?? true)
    }
}

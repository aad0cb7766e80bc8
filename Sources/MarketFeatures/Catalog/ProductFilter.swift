public import OpenMarketAPI

/// Which loaded products are listed: all of them, or only those in stock.
public struct ProductFilter: Sendable, Equatable {
    /// Only products with stock left.
    public var inStockOnly = false

    public init(inStockOnly: Bool = false) {
        self.inStockOnly = inStockOnly
    }

    /// Whether it lets every product through.
    public var isEmpty: Bool { !inStockOnly }

    /// Whether `product` is listed.
    public func admits(_ product: ProductSummary) -> Bool {
        !inStockOnly || product.stock > 0
    }
}

import OpenMarketAPI

extension CatalogState {
    /// A vendor's products sold out and low in stock, as far as the loaded pages tell: each count with
    /// whether it may grow (pages not loaded could hold more), or nil when the list cannot tell at all.
    public struct StockCounts: Sendable, Equatable {
        public var soldOut: Int?
        public var soldOutComplete: Bool
        public var low: Int?
        public var lowComplete: Bool

        public init(soldOut: Int?, soldOutComplete: Bool, low: Int?, lowComplete: Bool) {
            self.soldOut = soldOut
            self.soldOutComplete = soldOutComplete
            self.low = low
            self.lowComplete = lowComplete
        }
    }

    /// The counts for `vendorID`'s loaded products, `lowStock` and under being low (0: no low count). A count
    /// is complete when every page is loaded — or when the market orders the whole list fewest in stock
    /// first and a loaded product has more than the count's bound: every product below it came before. A
    /// list of products in stock only shows no sold-out count (it cannot see them), rather than a 0.
    public func stockCounts(of vendorID: Int, lowStock: Int) -> StockCounts {
        let own = allProducts.filter { $0.vendorID == vendorID }
        let stockOrdered = order == .stock && serverArranges == true
        func complete(above bound: Int) -> Bool {
            !hasNext || (stockOrdered && allProducts.contains { $0.stock > bound })
        }
        let seesSoldOut = !filter.inStockOnly
        return StockCounts(
            soldOut: seesSoldOut ? own.count { $0.stock <= 0 } : nil, soldOutComplete: complete(above: 0),
            low: lowStock > 0 ? own.count { $0.stock > 0 && $0.stock <= lowStock } : nil, lowComplete: complete(above: lowStock))
    }
}

public import Foundation
public import OpenMarketAPI

/// What the runtime writes for a bulk change: a job number, and a write a product.
public struct BulkJob: Sendable, Equatable {
    /// What a product must still be for an undo to change it back: as the bulk change left it.
    public struct Expected: Sendable, Equatable {
        public var price: Decimal
        public var discountedPrice: Decimal
        public var stock: Int

        public init(_ product: ProductSummary) {
            price = product.price.amount
            discountedPrice = product.discountedPrice.amount
            stock = product.stock
        }

        /// Whether `product` is still so.
        public func holds(for product: ProductSummary) -> Bool {
            product.price.amount == price && product.discountedPrice.amount == discountedPrice && product.stock == stock
        }
    }

    /// One product's write.
    public enum Write: Sendable, Equatable {
        case update(id: Int, changes: ProductChanges)
        case delete(id: Int)
        /// Read the product first; write only if it is still as `expecting` says (an undo).
        case revert(id: Int, changes: ProductChanges, expecting: Expected)
        /// Bring back a product deleted a moment ago.
        case restore(id: Int)

        public var productID: Int {
            switch self {
            case .update(let id, _), .delete(let id), .revert(let id, _, _), .restore(let id): id
            }
        }
    }

    public var id: Int
    public var writes: [Write]

    public init(id: Int, writes: [Write]) {
        self.id = id
        self.writes = writes
    }
}

public import OpenMarketAPI

/// The last bulk change, as it can be undone (`u`): each product as it was before and as the change left it.
/// Undoing writes a product back only while the market still has it as the change left it.
public struct BulkUndo: Sendable, Equatable {
    /// One product, before and after.
    public struct Step: Sendable, Equatable {
        public var before: ProductSummary
        public var after: ProductSummary

        public init(before: ProductSummary, after: ProductSummary) {
            self.before = before
            self.after = after
        }

        /// The fields to send back: those the change made differ.
        public var changes: ProductChanges {
            var changes = ProductChanges()
            if after.price != before.price { changes.price = before.price.amount }
            if after.discountedPrice != before.discountedPrice { changes.discountedPrice = before.discountedPrice.amount }
            if after.stock != before.stock { changes.stock = before.stock }
            return changes
        }
    }

    public var change: BulkChange
    public var steps: [Step]

    public init(change: BulkChange, steps: [Step]) {
        self.change = change
        self.steps = steps
    }

    /// The writes that undo it, each checked against the product as the change left it.
    public func writes() -> [BulkJob.Write] {
        steps.compactMap { step in
            let changes = step.changes
            return changes.isEmpty ? nil : .revert(id: step.before.id, changes: changes, expecting: BulkJob.Expected(step.after))
        }
    }
}

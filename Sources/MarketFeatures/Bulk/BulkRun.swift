public import Localization
public import OpenMarketAPI

/// A bulk change under way: how many writes there are, how many have answered, and those refused.
public struct BulkRun: Sendable, Equatable {
    /// A product the market refused, and why.
    public struct Refusal: Sendable, Equatable {
        public var id: Int
        public var reason: String

        public init(id: Int, reason: String) {
            self.id = id
            self.reason = reason
        }
    }

    public var job: Int
    public var deletes: Bool
    /// It brings back deleted products.
    public var restores = false
    /// The change made (nil: an undo), and the products before it, by id, for the undo it leaves.
    public var change: BulkChange?
    public var before: [Int: ProductSummary] = [:]
    /// The products as the market answered them, in the order they answered.
    public var after: [ProductSummary] = []
    public var total: Int
    /// The products written so far.
    public var done = 0
    /// The products the market refused.
    public var refused: [Refusal] = []

    public init(job: Int, deletes: Bool, total: Int, change: BulkChange? = nil, before: [Int: ProductSummary] = [:]) {
        self.job = job
        self.deletes = deletes
        self.total = total
        self.change = change
        self.before = before
    }

    /// What undoes it: the products deleted, or each product changed, before and after; nil for an undo, or
    /// when nothing was done.
    public var undo: Undoable? {
        if deletes { return after.isEmpty ? nil : .delete(after) }
        guard let change else { return nil }
        let steps = after.compactMap { product in before[product.id].map { BulkUndo.Step(before: $0, after: product) } }
        return steps.isEmpty ? nil : .change(BulkUndo(change: change, steps: steps))
    }

    /// Answers so far, written or refused.
    public var answered: Int { done + refused.count }

    /// What the status line says while it runs.
    public var progress: Phrase { .bulk(.progress(done: answered, total: total)) }

    /// What is said when every write has answered.
    public var summary: Phrase {
        let reason = refused.first.map { "#\($0.id): \($0.reason)" }
        if restores { return .bulk(.restored(count: done, refused: refused.count, reason: reason)) }
        if !deletes, change == nil { return .bulk(.undone(count: done, refused: refused.count, reason: reason)) }
        return deletes ? .bulk(.deleted(count: done, refused: refused.count, reason: reason))
            : .bulk(.changed(count: done, refused: refused.count, reason: reason))
    }
}

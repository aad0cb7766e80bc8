public import Foundation
public import Localization
public import OpenMarketAPI

/// A bulk change worked out over the marked products, before the question: what each product's change is,
/// and which are left out (another vendor's; one the rules would refuse). Nothing is sent until it is
/// confirmed.
public struct BulkPlan: Sendable, Equatable {
    /// One product's write.
    public struct Step: Sendable, Equatable {
        public var product: ProductSummary
        /// The fields to send (unused for a delete).
        public var changes: ProductChanges

        public init(product: ProductSummary, changes: ProductChanges) {
            self.product = product
            self.changes = changes
        }
    }

    public var change: BulkChange
    /// The writes, in the order the products were marked; products already as asked are left out.
    public var steps: [Step]
    /// Marked products of another vendor, left out.
    public var othersLeftOut: Int
    /// Marked products the rules would refuse the change for, left out.
    public var refusedLeftOut: Int

    public init(change: BulkChange, steps: [Step], othersLeftOut: Int = 0, refusedLeftOut: Int = 0) {
        self.change = change
        self.steps = steps
        self.othersLeftOut = othersLeftOut
        self.refusedLeftOut = refusedLeftOut
    }

    /// The plan of `change` over `marked`, as vendor `vendorID` (nil: not known — the market decides).
    public init(_ change: BulkChange, over marked: [ProductSummary], vendorID: Int?) {
        var steps: [Step] = []
        var others = 0
        var refused = 0
        for product in marked {
            if let vendorID, product.vendorID != vendorID {
                others += 1
                continue
            }
            guard let changes = change.changes(for: product) else {
                refused += 1
                continue
            }
            if change != .delete, changes.isEmpty { continue }
            steps.append(Step(product: product, changes: changes))
        }
        self.init(change: change, steps: steps, othersLeftOut: others, refusedLeftOut: refused)
    }

    /// The question, naming how many and how much (the prices paid before and after, in all, a sum per
    /// currency), and what is left out.
    public var question: [Phrase] {
        let count = steps.count
        var phrases: [Phrase]
        switch change {
        case .pricePercent, .priceAmount:
            let before = Self.total(steps.map { ($0.product.currency, $0.product.bargainPrice.amount) })
            let after = Self.total(steps.map { step in
                let price = step.changes.price ?? step.product.price.amount
                let discount = step.changes.discountedPrice ?? step.product.discountedPrice.amount
                return (step.product.currency, price - discount)
            })
            phrases = [.bulk(.askPrice(count: count, change: change.spoken, before: before, after: after))]
        case .discountPercent: phrases = [.bulk(.askDiscount(count: count, percent: change.spoken))]
        case .stock(let stock): phrases = [.bulk(.askStock(count: count, stock: stock))]
        case .delete: phrases = [.bulk(.askDelete(count: count))]
        }
        if othersLeftOut > 0 { phrases.append(.bulk(.othersLeftOut(othersLeftOut))) }
        if refusedLeftOut > 0 { phrases.append(.bulk(.refusedLeftOut(refusedLeftOut))) }
        return phrases
    }

    /// Amounts summed per currency and said as prices: `₩1,200,000 + $35.50`.
    static func total(_ amounts: [(Currency, Decimal)]) -> String {
        var sums: [(Currency, Decimal)] = []
        for (currency, amount) in amounts {
            if let index = sums.firstIndex(where: { $0.0 == currency }) { sums[index].1 += amount } else { sums.append((currency, amount)) }
        }
        return sums.map { Price($0.1).formatted($0.0) }.joined(separator: " + ")
    }
}

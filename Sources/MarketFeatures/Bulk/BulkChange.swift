public import Foundation
public import OpenMarketAPI

/// A change made to many products at once (`b`): the price by a percent or an amount, a discount as a percent
/// of the price, the stock, or a delete.
public enum BulkChange: Sendable, Equatable {
    /// The price times (100 + percent) / 100, rounded to the currency's unit; the discount in the same
    /// proportion, so its share of the price stays.
    case pricePercent(Decimal)
    /// The price plus the amount; the discount kept, but never above the new price.
    case priceAmount(Decimal)
    /// The discount set to this percent of the price, rounded to the currency's unit.
    case discountPercent(Decimal)
    /// The stock set.
    case stock(Int)
    case delete

    /// What it changes in `product`: nil when the rules refuse it (a price below 0), an empty change when
    /// the product is as asked already.
    public func changes(for product: ProductSummary) -> ProductChanges? {
        let price = product.price.amount
        let discount = product.discountedPrice.amount
        switch self {
        case .pricePercent(let percent):
            let newPrice = Self.rounded(price * (100 + percent) / 100, product.currency)
            let newDiscount = Self.rounded(discount * (100 + percent) / 100, product.currency)
            guard newPrice >= 0 else { return nil }
            return Self.changes(price: newPrice, discount: min(newDiscount, newPrice), from: product)
        case .priceAmount(let amount):
            let newPrice = price + amount
            guard newPrice >= 0 else { return nil }
            return Self.changes(price: newPrice, discount: min(discount, newPrice), from: product)
        case .discountPercent(let percent):
            let newDiscount = Self.rounded(price * percent / 100, product.currency)
            return Self.changes(price: price, discount: newDiscount, from: product)
        case .stock(let stock):
            return product.stock == stock ? ProductChanges() : ProductChanges(stock: stock)
        case .delete:
            return ProductChanges()
        }
    }

    static func changes(price: Decimal, discount: Decimal, from product: ProductSummary) -> ProductChanges {
        var changes = ProductChanges()
        if price != product.price.amount { changes.price = price }
        if discount != product.discountedPrice.amount { changes.discountedPrice = discount }
        return changes
    }

    /// `value` rounded half away from zero to the currency's unit: whole won, cents.
    static func rounded(_ value: Decimal, _ currency: Currency) -> Decimal {
        var value = value
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, currency == .krw ? 0 : 2, .plain)
        return rounded
    }

    /// How the change reads in the question: `-20%`, `+500`; a discount's percent without its sign (the
    /// question says "%").
    var spoken: String {
        switch self {
        case .pricePercent(let percent): (percent > 0 ? "+" : "") + "\(percent)%"
        case .priceAmount(let amount): (amount > 0 ? "+" : "") + "\(amount)"
        case .discountPercent(let percent): "\(percent)"
        case .stock(let stock): "\(stock)"
        case .delete: ""
        }
    }
}

public import Localization
import Foundation
public import MarketWords
public import OpenMarketAPI

/// The order products are listed in: the market's own words (``ListingOrder``). `newest` is every server's;
/// a server that speaks the extension applies the others to the whole list, else the browser applies them to
/// the products loaded (the course API cannot sort), ties kept newest first.
public typealias ProductOrder = ListingOrder

/// Prices in different currencies are not compared: won prices come before dollar prices in either
/// direction, each currency in its own order.
extension ListingOrder {
    /// Its name on the status line.
    public var phrase: Phrase.Order {
        switch self {
        case .newest: .newest
        case .priceAscending: .priceLowToHigh
        case .priceDescending: .priceHighToLow
        case .discount: .biggestDiscount
        case .stock: .fewestInStock
        }
    }

    /// The next order `o` steps to.
    public var next: ProductOrder {
        let all = Self.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }

    /// `products` in this order (newest first is the order they were loaded in).
    public func sorted(_ products: [ProductSummary]) -> [ProductSummary] {
        switch self {
        case .newest:
            return products
        case .priceAscending, .priceDescending:
            let ascending = self == .priceAscending
            return products.sorted { a, b in
                if a.currency != b.currency { return Self.rank(a.currency) < Self.rank(b.currency) }
                let (x, y) = (a.bargainPrice.amount, b.bargainPrice.amount)
                if x != y { return ascending ? x < y : x > y }
                return a.id > b.id
            }
        case .discount:
            return products.sorted { a, b in
                let (x, y) = (Self.discount(a), Self.discount(b))
                if x != y { return x > y }
                return a.id > b.id
            }
        case .stock:
            return products.sorted { a, b in a.stock != b.stock ? a.stock < b.stock : a.id > b.id }
        }
    }

    /// The share of the price taken off, 0…1 (0 when there is no price).
    static func discount(_ product: ProductSummary) -> Decimal {
        product.price.amount > 0 ? product.discountedPrice.amount / product.price.amount : 0
    }

    /// Won first, then dollars, then anything else (the market's order: `MarketCurrency.priceRank`).
    static func rank(_ currency: Currency) -> Int { MarketCurrency.priceRank(code: currency.code) }
}

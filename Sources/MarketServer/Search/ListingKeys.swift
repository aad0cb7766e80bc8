import Foundation
import MarketWords

/// What the search index keeps of a product besides its words: what a listing filters and orders by
/// (`ProductListing`), so that a searched page is filtered and ordered without the database.
struct ListingKeys: Sendable, Equatable {
    var stock: Int
    var currency: String
    /// The price paid, exactly (the range filter's bounds are exact).
    var bargainPrice: Decimal
    /// The price paid as a double, for ordering (as SQLite orders it).
    var bargainValue: Double
    /// `MarketCurrency.priceRank` of its currency.
    var currencyRank: Int
    /// The share of the price taken off (0 when the price is 0).
    var discountShare: Double

    init(_ product: StoredProduct) {
        stock = product.stock
        currency = product.currency
        bargainPrice = product.bargainPrice
        bargainValue = NSDecimalNumber(decimal: product.bargainPrice).doubleValue
        currencyRank = MarketCurrency.priceRank(code: product.currency)
        discountShare =
            product.price > 0
            ? NSDecimalNumber(decimal: product.discountedPrice / product.price).doubleValue : 0
    }
}

public import Foundation
import MarketWords

/// Prices paid (the bargain price) between two bounds, both included, in one currency — prices in different
/// currencies are never compared. Either bound may be open.
public struct PriceRange: Sendable, Hashable {
    /// The currency every listed product is priced in.
    public var currency: Currency
    /// The least price paid listed, or nil for no least.
    public var lower: Decimal?
    /// The most price paid listed, or nil for no most.
    public var upper: Decimal?

    /// A range; nil when `lower` is above `upper` (such a range is explained to the person, never sent).
    public init?(currency: Currency, lower: Decimal? = nil, upper: Decimal? = nil) {
        if let lower, let upper, lower > upper { return nil }
        self.currency = currency
        self.lower = lower
        self.upper = upper
    }

    /// Whether `product` is priced in the currency and paid within the bounds.
    public func contains(_ product: ProductSummary) -> Bool {
        guard product.currency == currency else { return false }
        let paid = product.bargainPrice.amount
        if let lower, paid < lower { return false }
        if let upper, paid > upper { return false }
        return true
    }

    /// The range as a person reads it: `₩800–₩11,000`, `≥ $5.00`, `≤ ₩30,000`, or `₩` alone when unbounded.
    public var formatted: String {
        switch (lower, upper) {
        case let (lower?, upper?): Price(lower).formatted(currency) + "–" + Price(upper).formatted(currency)
        case let (lower?, nil): "≥ " + Price(lower).formatted(currency)
        case let (nil, upper?): "≤ " + Price(upper).formatted(currency)
        case (nil, nil): currency.code
        }
    }

    /// The query parameters that ask a server speaking the listing extension for it.
    var queryItems: [(name: String, value: String)] {
        [(name: ListingParameter.currency.rawValue, value: currency.code)]
            + (lower.map { [(name: ListingParameter.priceMin.rawValue, value: Self.plain($0))] } ?? [])
            + (upper.map { [(name: ListingParameter.priceMax.rawValue, value: Self.plain($0))] } ?? [])
    }

    /// Plain digits with a point, as the server takes them (`Decimal`'s description never uses an exponent).
    static func plain(_ value: Decimal) -> String { value.description }
}

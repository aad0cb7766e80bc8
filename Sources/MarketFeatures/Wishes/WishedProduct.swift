public import Foundation
public import OpenMarketAPI

/// A product on the wish list, as it was last seen: what a later look at the market is compared with.
/// Kept in a file (or by the market, for a visitor over SSH) as JSON; prices as exact text.
public struct WishedProduct: Sendable, Equatable, Codable {
    public var id: Int
    public var name: String
    /// The currency code (`KRW`, `USD`).
    public var currency: String
    /// The list price, exact text (`12000`, `9.99`).
    public var price: String
    /// The price paid, exact text.
    public var bargainPrice: String
    public var stock: Int
    /// The market no longer has it (deleted); kept on the list so the person sees what went.
    public var gone: Bool

    public init(id: Int, name: String, currency: String, price: String, bargainPrice: String, stock: Int, gone: Bool = false) {
        self.id = id
        self.name = name
        self.currency = currency
        self.price = price
        self.bargainPrice = bargainPrice
        self.stock = stock
        self.gone = gone
    }

    /// `product` as seen now.
    public init(_ product: ProductSummary) {
        self.init(
            id: product.id, name: product.name, currency: product.currency.code, price: product.price.description,
            bargainPrice: product.bargainPrice.description, stock: product.stock)
    }

    /// The currency as the client knows it.
    public var currencyValue: Currency { Currency(code: currency) }

    /// The list price as an amount (0 when the text was damaged).
    public var listPrice: Price { Price(Decimal(string: price, locale: Locale(identifier: "en_US_POSIX")) ?? 0) }

    /// The price paid as an amount (0 when the text was damaged).
    public var paidPrice: Price { Price(Decimal(string: bargainPrice, locale: Locale(identifier: "en_US_POSIX")) ?? 0) }

    /// A summary to open the detail with while the market's own loads.
    public var summary: ProductSummary {
        ProductSummary(
            id: id, vendorID: 0, name: name, currency: currencyValue, price: listPrice, bargainPrice: paidPrice,
            discountedPrice: Price(listPrice.amount - paidPrice.amount), stock: stock,
            createdAt: Date(timeIntervalSince1970: 0), issuedAt: Date(timeIntervalSince1970: 0))
    }
}

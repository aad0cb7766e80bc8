public import Localization
public import OpenMarketAPI

/// Something that changed for a product on the wish list since it was last seen: one banner each.
public struct WishNews: Sendable, Equatable {
    public enum Change: Sendable, Equatable {
        /// The list price went down (the price paid with it).
        case priceDrop(old: Price, new: Price)
        /// A discount was put on or made larger: the price paid went down.
        case discount(old: Price, new: Price)
        /// It had none left and now has some.
        case backInStock(Int)
        /// The market no longer has it.
        case gone
    }

    public var id: Int
    public var name: String
    public var currency: Currency
    public var change: Change

    public init(id: Int, name: String, currency: Currency, change: Change) {
        self.id = id
        self.name = name
        self.currency = currency
        self.change = change
    }
}

extension WishNews {
    /// The change as the banner says it, prices in the product's currency.
    public var phrase: Phrase.WishChange {
        switch change {
        case .priceDrop(let old, let new): .priceDrop(old: old.formatted(currency), new: new.formatted(currency))
        case .discount(let old, let new): .discount(old: old.formatted(currency), new: new.formatted(currency))
        case .backInStock(let count): .backInStock(count)
        case .gone: .gone
        }
    }
}

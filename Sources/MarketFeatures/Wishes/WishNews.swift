public import Localization
public import OpenMarketAPI

/// Something that changed for a product on the wish list since it was last seen: one banner each, naming
/// the price paid before and now (what a price drop and new stock found in the same look say together).
public struct WishNews: Sendable, Equatable {
    public enum Change: Sendable, Equatable {
        /// The list price went down (the price paid with it); `restocked`: it had none left and now has this many.
        case priceDrop(old: Price, new: Price, restocked: Int? = nil)
        /// A discount was put on or made larger: the price paid went down.
        case discount(old: Price, new: Price, restocked: Int? = nil)
        /// It had none left and now has `count`, at the price paid then (`old`) and now (`new`).
        case backInStock(Int, old: Price, new: Price)
        /// The market no longer has it; `lastPrice`: the price paid when it was last seen.
        case gone(lastPrice: Price)
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
        case .priceDrop(let old, let new, let restocked):
            .priceDrop(old: old.formatted(currency), new: new.formatted(currency), restocked: restocked)
        case .discount(let old, let new, let restocked):
            .discount(old: old.formatted(currency), new: new.formatted(currency), restocked: restocked)
        case .backInStock(let count, let old, let new):
            .backInStock(count, old: old.formatted(currency), new: new.formatted(currency))
        case .gone(let lastPrice): .gone(lastPrice: lastPrice.formatted(currency))
        }
    }
}

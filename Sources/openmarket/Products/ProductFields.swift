import ArgumentParser
import Foundation
import MarketCommands
import MarketWords
import OpenMarketAPI

/// A product's fields as options, the same for registering (where the rules need some) and editing (where
/// only those given change).
struct ProductFields: ParsableArguments {
    @Option(help: "The name, \(ProductRules.nameLength.lowerBound) to \(ProductRules.nameLength.upperBound) characters.") var name: String?
    @Option(help: "The description, \(ProductRules.descriptionLength.lowerBound) to \(ProductRules.descriptionLength.upperBound.grouped) characters.")
    var description: String?
    @Option(help: "The price (12000, 12,000 or 2.36).") var price: String?
    @Option(help: "\(MarketCurrency.spoken) (registering: KRW when not given).") var currency: String?
    @Option(help: "The discount, an amount off the price (default 0).") var discount: String?
    @Option(help: "How many are in stock (default 0).") var stock: String?

    /// Whether any field is given.
    var isEmpty: Bool { [name, description, price, currency, discount, stock].allSatisfy { $0 == nil } }

    /// A draft of these fields over `base` (what the product is now, when editing), as the form would hold it.
    func draft(over base: ProductDraft) -> ProductDraft {
        base.changing(name: name, description: description, price: price, currency: currency, discount: discount, stock: stock)
    }
}

import ArgumentParser
import Foundation
import OpenMarketAPI

/// A product's fields as options, the same for registering (where the rules need some) and editing (where
/// only those given change).
struct ProductFields: ParsableArguments {
    @Option(help: "The name, 3 to 100 characters.") var name: String?
    @Option(help: "The description, 10 to 1,000 characters.") var description: String?
    @Option(help: "The price (12000, 12,000 or 2.36).") var price: String?
    @Option(help: "KRW or USD (registering: KRW when not given).") var currency: String?
    @Option(help: "The discount, an amount off the price (default 0).") var discount: String?
    @Option(help: "How many are in stock (default 0).") var stock: String?

    /// Whether any field is given.
    var isEmpty: Bool { [name, description, price, currency, discount, stock].allSatisfy { $0 == nil } }

    /// A draft of these fields over `base` (what the product is now, when editing), as the form would hold it.
    func draft(over base: ProductDraft) -> ProductDraft {
        var draft = base
        if let name { draft.name = name }
        if let description { draft.description = description }
        if let price { draft.price = price }
        if let currency { draft.currency = Currency(code: currency) }
        if let discount { draft.discountedPrice = discount }
        if let stock { draft.stock = stock }
        return draft
    }
}

import Foundation
import MarketWords

/// The validation table of API.md, enforced on every registration and update.
extension ProductRules {
    /// The refusal of text holding U+0000.
    static func noNUL(_ field: String) -> String {
        "\(field) must not contain the NUL character (U+0000)"
    }

    /// The complete state a product would have; every rule is checked, the first broken one reported.
    static func check(
        name: String, description: String, price: Decimal, discountedPrice: Decimal, stock: Int, currency: String
    ) throws(APIError) {
        if !nameLength.contains(name.count) {
            throw .badRequest(
                "name must be \(nameLength.lowerBound) to \(nameLength.upperBound) characters long (it is \(name.count))")
        }
        if !descriptionLength.contains(description.count) {
            throw .badRequest(
                "description must be \(descriptionLength.lowerBound) to \(descriptionLength.upperBound) characters long (it is \(description.count))")
        }
        // PostgreSQL's text cannot hold U+0000 (it answered 500, found by schemathesis); no store keeps it.
        for (field, text) in [("name", name), ("description", description)] where text.contains("\0") {
            throw .badRequest(noNUL(field))
        }
        if price.isNaN || price < 0 {
            throw .badRequest("price must be a number of 0 or more")
        }
        if discountedPrice.isNaN || discountedPrice < 0 {
            throw .badRequest("discounted_price must be 0 or more")
        }
        if discountedPrice > price {
            throw .badRequest(
                "discounted_price (\(JSONText.number(discountedPrice))) must not exceed price (\(JSONText.number(price)))")
        }
        if stock < 0 {
            throw .badRequest("stock must be 0 or more")
        }
        if MarketCurrency(rawValue: currency) == nil {
            throw .badRequest("currency must be \(MarketCurrency.spoken), not \"\(currency)\"")
        }
    }
}

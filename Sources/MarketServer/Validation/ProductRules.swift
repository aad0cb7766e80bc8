import Foundation

/// The validation table of API.md, enforced on every registration and update.
enum ProductRules {
    static let nameLength = 3...100
    static let descriptionLength = 10...1000
    static let currencies: Set<String> = ["KRW", "USD"]
    static let maxImages = 5
    static let maxImageBytes = 307_200

    /// The refusal of text holding U+0000.
    static func noNUL(_ field: String) -> String {
        "\(field) must not contain the NUL character (U+0000)"
    }

    /// The complete state a product would have; every rule is checked, the first broken one reported.
    static func check(
        name: String, description: String, price: Decimal, discountedPrice: Decimal, stock: Int, currency: String
    ) throws(APIError) {
        if !nameLength.contains(name.count) {
            throw .badRequest("name must be 3 to 100 characters long (it is \(name.count))")
        }
        if !descriptionLength.contains(description.count) {
            throw .badRequest("description must be 10 to 1000 characters long (it is \(description.count))")
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
        if !currencies.contains(currency) {
            throw .badRequest("currency must be KRW or USD, not \"\(currency)\"")
        }
    }
}

import Localization
import Foundation
import MarketWords

/// What the product form holds, as typed: text for the numbers, the chosen currency, how many pictures.
///
/// `validate()` checks the rules of API.md's validation table — the same ones our server enforces, with
/// lengths counted in `Character`s as the server counts them — and reports every broken rule, not just
/// the first. File sizes are the picture loader's business, not the draft's.
public struct ProductDraft: Sendable, Equatable {
    public var name: String
    public var description: String
    /// Required; `12000`, `12,000` and `2.36` are all numbers.
    public var price: String
    /// The discount amount; empty means 0.
    public var discountedPrice: String
    /// Empty means 0.
    public var stock: String
    public var currency: Currency
    public var pictureCount: Int
    /// Registration needs 1 to 5 pictures; an edit cannot change pictures, so it does not check them.
    public var isRegistration: Bool

    /// A draft; everything empty unless given.
    public init(
        name: String = "", description: String = "", price: String = "", discountedPrice: String = "",
        stock: String = "", currency: Currency = .krw, pictureCount: Int = 0, isRegistration: Bool = true
    ) {
        self.name = name
        self.description = description
        self.price = price
        self.discountedPrice = discountedPrice
        self.stock = stock
        self.currency = currency
        self.pictureCount = pictureCount
        self.isRegistration = isRegistration
    }

    /// Every broken rule, in the form's field order; empty when the draft can be sent.
    public func validate() -> [DraftViolation] {
        var violations: [DraftViolation] = []
        func fail(_ field: DraftField, _ phrase: Phrase) {
            violations.append(DraftViolation(field: field, phrase: phrase))
        }

        let range = ProductRules.nameLength
        if !range.contains(name.count) {
            fail(.name, .nameLength(minimum: range.lowerBound, maximum: range.upperBound, now: name.count))
        }
        let descriptionRange = ProductRules.descriptionLength
        if !descriptionRange.contains(description.count) {
            fail(
                .description,
                .descriptionLength(minimum: descriptionRange.lowerBound, maximum: descriptionRange.upperBound, now: description.count))
        }

        let parsedPrice = DraftNumber.decimal(price)
        if price.trimmingCharacters(in: .whitespaces).isEmpty {
            fail(.price, .priceRequired)
        } else if parsedPrice == nil {
            fail(.price, .priceNotNumber)
        }

        let parsedDiscount = Self.isBlank(discountedPrice) ? 0 : DraftNumber.decimal(discountedPrice)
        if let parsedDiscount {
            if let parsedPrice, parsedDiscount > parsedPrice {
                fail(.discountedPrice, .discountAbovePrice)
            }
        } else {
            fail(.discountedPrice, .discountNotNumber)
        }

        if !Self.isBlank(stock) && DraftNumber.wholeNumber(stock) == nil {
            fail(.stock, .stockNotWholeNumber)
        }

        switch currency {
        case .krw, .usd: break
        case .other: fail(.currency, .currencyUnknown)
        }

        let pictures = ProductRules.pictureCount
        if isRegistration && !pictures.contains(pictureCount) {
            fail(.pictures, .pictureCount(minimum: pictures.lowerBound, maximum: pictures.upperBound, now: pictureCount))
        }
        return violations
    }

    /// The violations of one field, e.g. to show beside it.
    public func violations(of field: DraftField) -> [DraftViolation] {
        validate().filter { $0.field == field }
    }

    /// The values to send, parsed; nil while any rule is broken.
    public var parsed: NewProduct? {
        guard validate().isEmpty, let price = DraftNumber.decimal(price) else { return nil }
        let discount = Self.isBlank(discountedPrice) ? 0 : DraftNumber.decimal(discountedPrice)
        let stock = Self.isBlank(stock) ? 0 : DraftNumber.wholeNumber(stock)
        guard let discount, let stock else { return nil }
        return NewProduct(
            name: name, description: description, price: price, currency: currency, discountedPrice: discount,
            stock: stock)
    }

    private static func isBlank(_ text: String) -> Bool {
        text.trimmingCharacters(in: .whitespaces).isEmpty
    }
}

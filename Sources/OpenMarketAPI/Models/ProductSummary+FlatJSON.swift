import Foundation
import MarketWords

extension ProductSummary {
    /// A product from a plain JSON object (`FlatJSONObject`), by the rules `init(from:)` decodes it by; nil where
    /// the object does not read so plainly — a number that is not a plain integer or decimal, a value of another
    /// type — and `JSONDecoder` is left to decide (it may still read it, or say why not).
    init?(flat object: FlatJSONObject) {
        guard let id = Self.integer(object[ProductKey.id.rawValue]),
            let vendorID = Self.integer(object[ProductKey.vendorID.rawValue]),
            case .string(let name)? = object[ProductKey.name.rawValue],
            case .string(let code)? = object[ProductKey.currency.rawValue],
            let price = Self.price(object[ProductKey.price.rawValue]),
            let bargainPrice = Self.price(object[ProductKey.bargainPrice.rawValue]),
            let discountedPrice = Self.price(object[ProductKey.discountedPrice.rawValue]),
            let stock = Self.integer(object[ProductKey.stock.rawValue]),
            case .string(let created)? = object[ProductKey.createdAt.rawValue], let createdAt = APITimestamp.date(from: created),
            case .string(let issued)? = object[ProductKey.issuedAt.rawValue], let issuedAt = APITimestamp.date(from: issued),
            let vendorName = Self.optionalString(object[ProductKey.vendorName.rawValue]),
            let description = Self.optionalString(object[ProductKey.description.rawValue]),
            let thumbnail = Self.optionalString(object[ProductKey.thumbnail.rawValue])
        else { return nil }
        self.init(
            id: id, vendorID: vendorID, vendorName: vendorName, name: name, description: description ?? "",
            thumbnailURL: thumbnail.flatMap(KeyedDecodingContainer<ProductKey>.absoluteURL), currency: Currency(code: code), price: price,
            bargainPrice: bargainPrice, discountedPrice: discountedPrice, stock: stock, createdAt: createdAt,
            issuedAt: issuedAt)
    }

    /// A plain integer (digits, a minus) within `Int`.
    private static func integer(_ value: FlatJSONObject.Value?) -> Int? {
        guard case .number(let text)? = value, !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) else { return nil }
        return Int(text)
    }

    /// A plain decimal (digits, a point, a minus; no exponent), short enough for `Decimal` to hold exactly.
    private static func price(_ value: FlatJSONObject.Value?) -> Price? {
        guard case .number(let text)? = value, text.utf8.count <= 30, !text.contains(where: { $0 == "e" || $0 == "E" }),
            let amount = Decimal(string: text)
        else { return nil }
        return Price(amount)
    }

    /// A string, absent or null: `.some(nil)` for the last two; nil for a value of another type.
    private static func optionalString(_ value: FlatJSONObject.Value?) -> String?? {
        switch value {
        case nil, .null?: .some(nil)
        case .string(let text)?: .some(text)
        default: nil
        }
    }
}

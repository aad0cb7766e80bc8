import Foundation
import MarketSearch

/// The fields a client sends to register (`params` part) or update (JSON body) a product,
/// type-checked one by one so an error names the field and what was wrong with it.
package struct ProductParams: Sendable, Equatable {
    /// The product's fields (nil when absent): what a register needs, what a PATCH changes.
    var fields = ProductChanges()
    var secret: String?

    /// Parses a JSON object; 400 with the field's name when a value has the wrong type.
    package static func parse(_ bytes: some Collection<UInt8>, what: String) throws(APIError) -> ProductParams {
        let value: JSONValue
        do {
            value = try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
        } catch {
            throw .badRequest("\(what) is not valid JSON")
        }
        guard case .object(let object) = value else {
            throw .badRequest("\(what) must be a JSON object, not \(value.typeName)")
        }
        var params = ProductParams()
        params.fields.name = try text(object, "name")
        params.fields.description = try text(object, "description")
        if params.fields.description == nil { params.fields.description = try text(object, "descriptions") }
        params.fields.price = try number(object, "price")
        params.fields.currency = try string(object, "currency")
        params.fields.discountedPrice = try number(object, "discounted_price")
        params.fields.stock = try integer(object, "stock")
        params.fields.thumbnailID = try integer(object, "thumbnail_id")
        params.secret = try string(object, "secret")
        return params
    }

    /// A product's words as it keeps them: composed (NFC), so a name typed as decomposed jamo (ᄉ ᅥ ᄋ ᅮ ᆯ from a
    /// terminal or an input method) is kept, shown, counted and found as 서울.
    private static func text(_ object: [String: JSONValue], _ key: String) throws(APIError) -> String? {
        try string(object, key).map(ComposedText.of)
    }

    private static func string(_ object: [String: JSONValue], _ key: String) throws(APIError) -> String? {
        switch object[key] {
        case nil, .null?: return nil
        case .string(let s)?: return s
        case let other?: throw .badRequest("\(key) must be a string, not \(other.typeName)")
        }
    }

    /// What a PATCH with these params asks to change.
    var changes: ProductChanges { fields }

    private static func number(_ object: [String: JSONValue], _ key: String) throws(APIError) -> Decimal? {
        switch object[key] {
        case nil, .null?: return nil
        case .number(let n)? where n.isNaN: throw .badRequest("\(key) is out of range (at most 1e127)")
        case .number(let n)?: return n
        case let other?: throw .badRequest("\(key) must be a number, not \(other.typeName)")
        }
    }

    private static func integer(_ object: [String: JSONValue], _ key: String) throws(APIError) -> Int? {
        switch object[key] {
        case nil, .null?: return nil
        case .number(let n)? where n.isNaN: throw .badRequest("\(key) is out of range (at most 15 digits)")
        case .number(let n)?:
            if let whole = ExactDecimal.integer(n) { return whole }
            throw .badRequest("\(key) must be a whole number of at most 15 digits, not \(JSONText.number(n))")
        case let other?: throw .badRequest("\(key) must be a whole number, not \(other.typeName)")
        }
    }
}

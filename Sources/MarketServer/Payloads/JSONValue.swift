import Foundation

/// Any JSON value, decoded without losing the difference between a number, a string and a boolean,
/// so validation can say exactly which field has the wrong type. Numbers are exact decimals, read from
/// their text (Foundation's `JSONDecoder` does not go through `Double` for `Decimal`).
enum JSONValue: Decodable, Equatable, Sendable {
    case null
    case bool(Bool)
    /// A number; NaN when it is valid JSON but beyond `Decimal` (magnitude 1e128 or more).
    case number(Decimal)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let b = try? container.decode(Bool.self) {
            self = .bool(b)
        } else if let n = try? container.decode(Decimal.self) {
            self = .number(n)
        } else if (try? container.decode(Double.self)) != nil {
            self = .number(.nan)
        } else if let s = try? container.decode(String.self) {
            self = .string(s)
        } else if let a = try? container.decode([JSONValue].self) {
            self = .array(a)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// A short name of the value's type, for error messages.
    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

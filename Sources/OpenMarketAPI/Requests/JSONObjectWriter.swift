import Foundation

/// Writes a flat JSON object by hand, keys in the order given, numbers exactly as `Decimal` holds them
/// (`2.36`, never `2.3599999`).
struct JSONObjectWriter {
    private var text = "{"
    private var isEmpty = true

    /// Adds `"key": "value"` with the value escaped.
    mutating func add(_ key: String, _ value: String) {
        addKey(key)
        Self.appendString(value, to: &text)
    }

    /// Adds `"key": 12`.
    mutating func add(_ key: String, _ value: Int) {
        addKey(key)
        text += String(value)
    }

    /// Adds `"key": 2.36`; an invalid-request error for NaN, which JSON cannot carry.
    mutating func add(_ key: String, _ value: Decimal) throws(OpenMarketError) {
        guard !value.isNaN else { throw .invalidRequest("\(key) is not a number") }
        addKey(key)
        text += value.description
    }

    /// The object's text, closed.
    var json: String { text + "}" }

    private mutating func addKey(_ key: String) {
        if !isEmpty { text += "," }
        isEmpty = false
        Self.appendString(key, to: &text)
        text += ":"
    }

    /// Appends `value` as a JSON string: quotes, backslashes and control characters escaped.
    static func appendString(_ value: String, to text: inout String) {
        text += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\u{08}": text += "\\b"
            case "\u{0C}": text += "\\f"
            case "\u{2028}": text += "\\u2028"
            case "\u{2029}": text += "\\u2029"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        text += "\""
    }
}

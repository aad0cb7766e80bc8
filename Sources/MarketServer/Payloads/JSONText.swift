import Foundation

/// A small JSON writer for the server's responses: strings are escaped by the JSON rules, prices are
/// written exactly as their decimal digits (`0.3`, never `0.30000000000000004`). Responses are built
/// once and cached as bytes, so this is both faster and more predictable than a general encoder.
struct JSONText {
    private(set) var text = ""

    init(capacity: Int = 256) {
        text.reserveCapacity(capacity)
    }

    /// `{"code": N, "message": "…"}`.
    static func errorBody(code: Int, message: String) -> String {
        var json = JSONText()
        json.text += "{\"code\":\(code),\"message\":"
        json.string(message)
        json.text += "}"
        return json.text
    }

    mutating func raw(_ s: String) { text += s }

    mutating func key(_ k: String) {
        if let last = text.last, last != "{" && last != "[" { text += "," }
        text += "\""
        text += k
        text += "\":"
    }

    mutating func field(_ k: String, _ value: String) {
        key(k)
        string(value)
    }

    mutating func field(_ k: String, _ value: Int) {
        key(k)
        text += String(value)
    }

    mutating func field(_ k: String, _ value: Decimal) {
        key(k)
        text += Self.number(value)
    }

    mutating func field(_ k: String, _ value: Bool) {
        key(k)
        text += value ? "true" : "false"
    }

    /// A number as JSON: its exact decimal digits, without an exponent or trailing zeros.
    static func number(_ value: Decimal) -> String {
        guard !value.isNaN else { return "0" }
        return ExactDecimal.text(value)
    }

    mutating func string(_ s: String) {
        text += "\""
        var plainStart = s.unicodeScalars.startIndex
        let scalars = s.unicodeScalars
        var i = scalars.startIndex
        while i != scalars.endIndex {
            let c = scalars[i]
            let escape: String? =
                switch c {
                case "\"": "\\\""
                case "\\": "\\\\"
                case "\n": "\\n"
                case "\r": "\\r"
                case "\t": "\\t"
                default:
                    c.value < 0x20 || c.value == 0x7F || c.value == 0x2028 || c.value == 0x2029
                        ? "\\u" + String(repeating: "0", count: 4 - String(c.value, radix: 16).count)
                            + String(c.value, radix: 16)
                        : nil
                }
            if let escape {
                text.unicodeScalars.append(contentsOf: scalars[plainStart..<i])
                text += escape
                plainStart = scalars.index(after: i)
            }
            i = scalars.index(after: i)
        }
        text.unicodeScalars.append(contentsOf: scalars[plainStart..<scalars.endIndex])
        text += "\""
    }
}

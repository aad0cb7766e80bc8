import Foundation

extension OpenMarketError {
    /// The decoding error for a body that `JSONDecoder` refused, with the key path where it broke.
    ///
    /// `body` is only looked at to tell an empty answer or an HTML page from broken JSON.
    static func decoding(_ error: any Error, body: [UInt8]) -> OpenMarketError {
        guard let error = error as? DecodingError else {
            return .decoding(keyPath: nil, reason: "\(error)")
        }
        switch error {
        case .typeMismatch(let type, let context):
            let found = foundPhrase(in: context.debugDescription).map { ", found \($0)" } ?? ""
            return .decoding(keyPath: keyPath(context.codingPath), reason: "expected \(noun(for: type))\(found)")
        case .valueNotFound(let type, let context):
            return .decoding(keyPath: keyPath(context.codingPath), reason: "expected \(noun(for: type)), found null")
        case .keyNotFound(let key, let context):
            return .decoding(keyPath: keyPath(context.codingPath + [key]), reason: "missing")
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return .decoding(keyPath: nil, reason: wholeBodyReason(body))
        case .dataCorrupted(let context):
            return .decoding(keyPath: keyPath(context.codingPath), reason: context.debugDescription)
        @unknown default:
            return .decoding(keyPath: nil, reason: "\(error)")
        }
    }

    /// `[pages, Index 3, price]` → `pages[3].price`.
    static func keyPath(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return text
    }

    /// What a body that is not JSON at all looks like, in a few words.
    private static func wholeBodyReason(_ body: [UInt8]) -> String {
        let start = body.drop {
            $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0xEF || $0 == 0xBB
                || $0 == 0xBF
        }
        if start.isEmpty { return "the answer is empty" }
        if start.first == UInt8(ascii: "<") { return "expected JSON, got an HTML page" }
        return "not valid JSON"
    }

    /// "a number" for numeric types, "a string", "a list", "an object"…
    private static func noun(for type: Any.Type) -> String {
        let name = String(describing: type)
        switch name {
        case "Int", "Int64", "Int32", "UInt", "Double", "Float", "Decimal", "Price": return "a number"
        case "String", "URL", "Currency": return "a string"
        case "Bool": return "true or false"
        default:
            if name.hasPrefix("Array<") || name.hasPrefix("[") { return "a list" }
            return "an object"
        }
    }

    /// "a string" from Foundation's "Expected to decode Decimal but found a string instead.", when present.
    private static func foundPhrase(in description: String) -> String? {
        guard let start = description.range(of: "but found "),
            let end = description.range(of: " instead", range: start.upperBound..<description.endIndex)
        else { return nil }
        let phrase = description[start.upperBound..<end.lowerBound]
        return phrase.isEmpty || phrase.count > 30 ? nil : String(phrase)
    }
}

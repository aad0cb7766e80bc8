import Foundation

/// Exact decimal numbers as text: how prices are written to JSON and to SQLite, and read back.
/// Money is `Decimal` everywhere in the server (docs/DECISIONS.md), never `Double`.
enum ExactDecimal {
    /// `value` in plain digits with `.` as the point and no exponent: `0.3`, `12000`, `19.99`.
    static func text(_ value: Decimal) -> String {
        value.description
    }

    /// A number in plain or exponent form (`19.99`, `12000.0`, `1e+16`), read exactly; nil for anything else.
    static func parse(_ text: String) -> Decimal? {
        guard !text.isEmpty, text.utf8.allSatisfy({ Self.numberBytes.contains($0) }) else { return nil }
        guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), !value.isNaN else {
            return nil
        }
        return value
    }

    /// The whole number `value` is, when it is one of fewer than 16 digits; nil otherwise.
    static func integer(_ value: Decimal) -> Int? {
        guard !value.isNaN, abs(value) < 1_000_000_000_000_000 else { return nil }
        var rounded = Decimal()
        var copy = value
        NSDecimalRound(&rounded, &copy, 0, .plain)
        guard rounded == value else { return nil }
        return Int(rounded.description)
    }

    private static let numberBytes = Set("0123456789.-+eE".utf8)
}

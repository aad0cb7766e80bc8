import Foundation
import Localization
import OpenMarketAPI
import TerminalUI

/// What a person types on the price line, read: `10000-50000`, `₩10,000~50,000`, `-20 $`, `100-`,
/// `<= 30000 won`, `5000` (at most), or nothing (every price). The currency is a sign or a word (`₩`, `원`,
/// `KRW`, `won`; `$`, `달러`, `USD`, `dollars`) anywhere on the line, else the one given.
enum PriceRangeInput: Equatable {
    /// A range, or nil for every price.
    case range(PriceRange?)
    /// What is wrong with the line, to show under it; nothing is sent.
    case problem(Phrase)

    /// Currency words, longest first so that `dollars` goes before `dollar`.
    static let currencyWords: [(String, Currency)] = [
        ("dollars", .usd), ("dollar", .usd), ("usd", .usd), ("달러", .usd), ("$", .usd),
        ("krw", .krw), ("won", .krw), ("원", .krw), ("₩", .krw),
    ]

    /// The most digits before the point and after it (what the server takes: docs/API.md).
    static let wholeDigits = 15
    static let fractionDigits = 4

    init(_ typed: String, defaultCurrency: Currency) {
        var text = typed.lowercased().trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else {
            self = .range(nil)
            return
        }
        var named: Set<String> = []
        var currency = defaultCurrency
        for (word, value) in Self.currencyWords where text.contains(word) {
            named.insert(value.code)
            currency = value
            text = text.replacingOccurrences(of: word, with: " ")
        }
        guard named.count <= 1 else {
            self = .problem(.priceTwoCurrencies)
            return
        }
        for separator in ["–", "—", "~", "..", " to "] { text = text.replacingOccurrences(of: separator, with: "-") }
        text = text.filter { $0 != "," && $0 != " " && $0 != "\t" && $0 != "=" }
        if text.hasPrefix("<") { text = "-" + text.dropFirst() }
        if text.hasPrefix(">") { text = text.dropFirst() + "-" }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        let shown = String(TerminalText.sanitized(typed.trimmingCharacters(in: .whitespaces)).prefix(30))
        let bounds: (String, String)
        switch parts.count {
        case 1: bounds = ("", parts[0])  // one number: at most
        case 2 where !(parts[0].isEmpty && parts[1].isEmpty): bounds = (parts[0], parts[1])
        default:
            self = .problem(.priceNotANumber(shown))
            return
        }
        var values: [Decimal?] = []
        for bound in [bounds.0, bounds.1] {
            if bound.isEmpty {
                values.append(nil)
            } else if let value = Self.number(bound) {
                values.append(value)
            } else {
                self = .problem(.priceNotANumber(shown))
                return
            }
        }
        guard let range = PriceRange(currency: currency, lower: values[0], upper: values[1]) else {
            self = .problem(
                .priceMinAboveMax(low: Price(values[0]!).formatted(currency), high: Price(values[1]!).formatted(currency)))
            return
        }
        self = .range(range)
    }

    /// Plain digits with at most one point.
    static func number(_ text: String) -> Decimal? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        let digits = { (part: Substring) in part.allSatisfy { $0.isASCII && $0.isNumber } }
        guard parts.count <= 2, !parts[0].isEmpty, digits(parts[0]), parts[0].count <= wholeDigits else { return nil }
        if parts.count == 2, parts[1].isEmpty || !digits(parts[1]) || parts[1].count > fractionDigits { return nil }
        return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
    }

    /// A range as the line is filled in when it opens again: `800-11000 ₩`, `-20 $`, `100- ₩`.
    static func text(of range: PriceRange?) -> String {
        guard let range else { return "" }
        let sign = range.currency == .usd ? "$" : "₩"
        return "\(range.lower.map { "\($0)" } ?? "")-\(range.upper.map { "\($0)" } ?? "") \(sign)"
    }
}

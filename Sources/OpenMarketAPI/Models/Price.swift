public import Foundation

/// An amount of money as the API sends it, kept as an exact `Decimal` (`2.36` stays 2.36).
///
/// Decodes JSON integers, fractions and exponent form (`1.2345555E7` is 12345555). Foundation's
/// `JSONDecoder` reads a `Decimal` from the number's text, not through a `Double`, on Linux and Darwin
/// alike; `PriceTests` holds it to that.
public struct Price: Sendable, Hashable, Comparable, Decodable, CustomStringConvertible,
    ExpressibleByIntegerLiteral
{
    /// The exact amount.
    public var amount: Decimal

    /// A price of `amount`.
    public init(_ amount: Decimal) {
        self.amount = amount
    }

    public init(integerLiteral value: Int) {
        self.amount = Decimal(value)
    }

    public init(from decoder: any Decoder) throws {
        amount = try decoder.singleValueContainer().decode(Decimal.self)
    }

    public static func < (lhs: Price, rhs: Price) -> Bool {
        lhs.amount < rhs.amount
    }

    /// The amount in plain digits, e.g. `2.36` or `12000`.
    public var description: String { amount.description }

    /// The price as a person reads it: `₩12,000` (whole won), `$1,234.50` (always cents), `12.5 EUR` for others.
    ///
    /// The format is fixed, not the user's locale: the terminal client shows the same text everywhere.
    public func formatted(_ currency: Currency) -> String {
        let sign = amount < 0 ? "-" : ""
        let magnitude = amount < 0 ? -amount : amount
        switch currency {
        case .krw:
            return sign + "₩" + Self.digits(of: magnitude, fractionDigits: 0)
        case .usd:
            return sign + "$" + Self.digits(of: magnitude, fractionDigits: 2)
        case .other(let code):
            return code.isEmpty ? amount.description : "\(amount.description) \(code)"
        }
    }

    /// `value` rounded half away from zero to `fractionDigits` places, with commas between thousands.
    private static func digits(of value: Decimal, fractionDigits: Int) -> String {
        if let exact = exactDigits(of: value, fractionDigits: fractionDigits) { return exact }
        var value = value
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, fractionDigits, .plain)
        let text = rounded.description
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = parts.first.map(String.init) ?? "0"
        var fraction = parts.count > 1 ? String(parts[1]) : ""
        if fraction.count < fractionDigits {
            fraction += String(repeating: "0", count: fractionDigits - fraction.count)
        }
        let grouped = group(whole)
        return fractionDigits == 0 ? grouped : grouped + "." + fraction.prefix(fractionDigits)
    }

    /// The digits of a `value` that needs no rounding at `fractionDigits` places and is below 10¹⁵ (every price a
    /// shop shows), written from whole numbers; nil for any other. `Decimal.description` takes microseconds, and
    /// a grid's card shows two prices each time it is laid out.
    static func exactDigits(of value: Decimal, fractionDigits: Int) -> String? {
        let shift = value.exponent + fractionDigits
        guard value >= 0, value < exactLimit, (0...15).contains(shift), (0...2).contains(fractionDigits) else { return nil }
        let significand = value.significand
        let mantissa = NSDecimalNumber(decimal: significand).int64Value
        guard mantissa >= 0, Decimal(mantissa) == significand else { return nil }
        var scaled = mantissa
        for _ in 0..<shift {
            let (next, overflow) = scaled.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            scaled = next
        }
        let unit: Int64 = fractionDigits == 0 ? 1 : fractionDigits == 1 ? 10 : 100
        let whole = group(String(scaled / unit))
        guard fractionDigits > 0 else { return whole }
        let fraction = String(scaled % unit)
        return whole + "." + String(repeating: "0", count: fractionDigits - fraction.count) + fraction
    }

    private static let exactLimit = Decimal(1_000_000_000_000_000)

    /// `1234567` → `1,234,567` (ASCII digits, grouped a byte at a time).
    private static func group(_ digits: String) -> String {
        let bytes = Array(digits.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + bytes.count / 3)
        for (index, byte) in bytes.enumerated() {
            if index > 0 && (bytes.count - index) % 3 == 0 { result.append(UInt8(ascii: ",")) }
            result.append(byte)
        }
        return String(decoding: result, as: UTF8.self)
    }
}

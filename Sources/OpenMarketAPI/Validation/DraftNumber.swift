import Foundation

/// Reads numbers as people type them into the form: `12000`, `12,000`, `2.36`, `1,234.5`.
///
/// No sign, no exponent, ASCII digits only; commas must group thousands (`12,000`, not `1,2`). So `-1`,
/// `1e999` and `abc` are not numbers here, and a valid one converts to `Decimal` exactly.
enum DraftNumber {
    /// The non-negative decimal number `text` spells (spaces around it ignored), or nil.
    static func decimal(_ text: String) -> Decimal? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let parts = trimmed.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, let digits = wholeDigits(whole) else { return nil }
        var plain = digits.isEmpty ? "0" : digits
        if parts.count == 2 {
            let fraction = parts[1]
            guard !fraction.isEmpty, fraction.utf8.allSatisfy(isDigit) else { return nil }
            plain += "." + fraction
        } else if digits.isEmpty {
            return nil
        }
        return Decimal(string: plain, locale: Locale(identifier: "en_US_POSIX"))
    }

    /// The non-negative whole number `text` spells (thousands commas allowed), or nil when it is not one or
    /// does not fit an `Int`.
    static func wholeNumber(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let digits = wholeDigits(Substring(trimmed)), !digits.isEmpty else { return nil }
        return Int(digits)
    }

    /// The digits of an integer part without its grouping commas; "" for an empty part; nil when malformed.
    private static func wholeDigits(_ text: Substring) -> String? {
        guard text.contains(",") else {
            return text.utf8.allSatisfy(isDigit) ? String(text) : nil
        }
        let groups = text.split(separator: ",", omittingEmptySubsequences: false)
        guard let first = groups.first, (1...3).contains(first.count), first.utf8.allSatisfy(isDigit) else {
            return nil
        }
        for group in groups.dropFirst() {
            guard group.count == 3, group.utf8.allSatisfy(isDigit) else { return nil }
        }
        return groups.joined()
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}

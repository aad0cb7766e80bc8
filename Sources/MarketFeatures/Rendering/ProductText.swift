public import Localization
import Foundation
public import OpenMarketAPI
import TerminalUI

/// How product fields read on screen.
public enum ProductText {
    /// The price a buyer pays, and the original when discounted.
    public static func prices(_ p: ProductSummary) -> (pay: String, original: String?) {
        let discounted = p.discountedPrice.amount > 0
        return (p.bargainPrice.formatted(p.currency), discounted ? p.price.formatted(p.currency) : nil)
    }

    /// "Sold out", or the stock count.
    public static func stock(_ p: ProductSummary, in language: Language = .english) -> String {
        language.text(p.stock <= 0 ? .soldOut : .inStock(p.stock))
    }

    /// The name, safe to print.
    public static func name(_ p: ProductSummary) -> String {
        TerminalText.sanitized(p.name)
    }

    /// The vendor's name, safe to print, or the vendor's id.
    public static func vendor(_ p: ProductSummary, in language: Language = .english) -> String {
        p.vendorName.map(TerminalText.sanitized) ?? language.text(.vendorNumber(p.vendorID))
    }

    /// The first line of the description, safe to print.
    public static func teaser(_ p: ProductSummary) -> String {
        TerminalText.sanitizedLines(p.description).first { !$0.isEmpty } ?? ""
    }

    /// A product's link: its address in the market's API (`base` is the market's URL); nil without one.
    public static func link(base: String, id: Int) -> String? {
        guard !base.isEmpty else { return nil }
        return (base.hasSuffix("/") ? String(base.dropLast()) : base) + "/api/products/\(id)"
    }

    /// Whole-number text of a Decimal (rounded half up).
    static func rounded(_ value: Decimal) -> String {
        var input = value
        var output = Decimal()
        NSDecimalRound(&output, &input, 0, .plain)
        return output.description
    }
}

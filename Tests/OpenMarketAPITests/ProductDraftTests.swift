import Foundation
import Localization
import OpenMarketAPI
import Testing

@Suite("ProductDraft: every rule of API.md's validation table, all violations at once")
struct ProductDraftTests {
    /// A draft that breaks no rule.
    static let valid = ProductDraft(
        name: "Blue Mug", description: "A sturdy cup for your coffee.", price: "12,000", discountedPrice: "1000",
        stock: "3", currency: .krw, pictureCount: 2, isRegistration: true)

    private func fields(_ draft: ProductDraft) -> [DraftField] {
        draft.validate().map(\.field)
    }

    @Test("a valid draft has no violations and parses to exact values")
    func valid() throws {
        #expect(Self.valid.validate().isEmpty)
        let product = try #require(Self.valid.parsed)
        #expect(
            product
                == NewProduct(
                    name: "Blue Mug", description: "A sturdy cup for your coffee.", price: 12000, currency: .krw,
                    discountedPrice: 1000, stock: 3))
        var dollars = Self.valid
        dollars.price = "2.36"
        dollars.discountedPrice = "0.36"
        dollars.currency = .usd
        #expect(dollars.parsed?.price == decimal("2.36"))
        #expect(dollars.parsed?.discountedPrice == decimal("0.36"))
    }

    @Test(
        "name: 3 to 100 characters, counted as Characters",
        arguments: [
            ("ab", false), ("abc", true), (String(repeating: "x", count: 100), true),
            (String(repeating: "x", count: 101), false), ("머그컵", true), ("머그", false), ("🇰🇷👍🏽a", true),
            ("e\u{301}e\u{301}", false), ("", false),
        ])
    func name(_ name: String, ok: Bool) {
        var draft = Self.valid
        draft.name = name
        #expect(fields(draft) == (ok ? [] : [.name]), "\(name)")
    }

    @Test("the name message says how long it is now")
    func nameMessage() {
        var draft = Self.valid
        draft.name = "ab"
        #expect(draft.validate() == [DraftViolation(field: .name, phrase: .nameLength(minimum: 3, maximum: 100, now: 2))])
        draft.name = "🇰🇷🇯🇵"
        #expect(draft.validate().first?.message == "Name must be 3–100 characters (now 2).")
    }

    @Test(
        "description: 10 to 1000 characters",
        arguments: [
            ("123456789", false), ("1234567890", true), (String(repeating: "가", count: 1000), true),
            (String(repeating: "가", count: 1001), false), ("", false),
        ])
    func description(_ text: String, ok: Bool) {
        var draft = Self.valid
        draft.description = text
        #expect(fields(draft) == (ok ? [] : [.description]))
        if !ok {
            #expect(draft.validate().first?.message == "Description must be 10–1000 characters (now \(text.count)).")
        }
    }

    @Test(
        "price: required, a number of 0 or more",
        arguments: [
            ("12000", true), ("12,000", true), ("2.36", true), ("0", true), (" 15 ", true), ("1,234,567.5", true),
            (".5", true), ("abc", false), ("-1", false), ("1e999", false), ("1e3", false), ("12.", false),
            ("1,2", false), ("12,00", false), (",000", false), ("1.2.3", false), ("+5", false), ("٣", false),
            ("0x10", false), ("inf", false), ("NaN", false),
        ])
    func price(_ text: String, ok: Bool) {
        var draft = Self.valid
        draft.price = text
        draft.discountedPrice = ""
        #expect(fields(draft) == (ok ? [] : [.price]), "\(text)")
        if !ok { #expect(draft.validate().first?.message == "Price must be a number of 0 or more.") }
    }

    @Test("an empty price is required, not malformed")
    func priceRequired() {
        var draft = Self.valid
        draft.price = "  "
        draft.discountedPrice = ""
        #expect(draft.validate() == [DraftViolation(field: .price, phrase: .priceRequired)])
    }

    @Test(
        "discount: empty means 0; a number from 0 to the price",
        arguments: [
            ("", "100", true), ("0", "100", true), ("100", "100", true), ("100.01", "100", false),
            ("12,001", "12,000", false),
            ("0.36", "2.36", true), ("-1", "100", false), ("abc", "100", false),
        ])
    func discount(_ discount: String, price: String, ok: Bool) {
        var draft = Self.valid
        draft.price = price
        draft.discountedPrice = discount
        #expect(fields(draft) == (ok ? [] : [.discountedPrice]), "\(discount) of \(price)")
    }

    @Test("discount messages")
    func discountMessages() {
        var draft = Self.valid
        draft.price = "100"
        draft.discountedPrice = "150"
        #expect(draft.validate().map(\.message) == ["Discount can't exceed the price."])
        draft.discountedPrice = "-5"
        #expect(draft.validate().map(\.message) == ["Discount must be a number of 0 or more."])
    }

    @Test(
        "stock: empty means 0; a whole number of 0 or more",
        arguments: [
            ("", true), ("0", true), ("3", true), ("1,000", true), ("-1", false), ("1.5", false), ("abc", false),
            ("99999999999999999999999", false),
        ])
    func stock(_ text: String, ok: Bool) {
        var draft = Self.valid
        draft.stock = text
        #expect(fields(draft) == (ok ? [] : [.stock]), "\(text)")
        if ok { #expect(draft.parsed?.stock == (text.isEmpty ? 0 : Int(text.replacingOccurrences(of: ",", with: "")))) }
    }

    @Test("currency: KRW or USD")
    func currency() {
        var draft = Self.valid
        draft.currency = .usd
        #expect(fields(draft).isEmpty)
        draft.currency = .other("EUR")
        #expect(draft.validate() == [DraftViolation(field: .currency, phrase: .currencyUnknown)])
    }

    @Test("pictures: 1 to 5 on registration, not checked on an edit", arguments: [0, 1, 5, 6])
    func pictures(_ count: Int) {
        var draft = Self.valid
        draft.pictureCount = count
        let ok = (1...5).contains(count)
        #expect(fields(draft) == (ok ? [] : [.pictures]))
        if !ok { #expect(draft.validate().first?.message == "Choose 1–5 pictures (now \(count)).") }
        draft.isRegistration = false
        #expect(fields(draft).isEmpty)
    }

    @Test("every broken rule is reported, in field order, and nothing parses")
    func everything() {
        let draft = ProductDraft(
            name: "ab", description: "short", price: "abc", discountedPrice: "x", stock: "-1",
            currency: .other("EUR"), pictureCount: 0, isRegistration: true)
        #expect(fields(draft) == [.name, .description, .price, .discountedPrice, .stock, .currency, .pictures])
        #expect(draft.parsed == nil)
        #expect(draft.violations(of: .stock).map(\.message) == ["Stock must be a whole number of 0 or more."])
    }

    @Test("a fresh draft is invalid where a form starts empty")
    func empty() {
        #expect(fields(ProductDraft()) == [.name, .description, .price, .pictures])
    }
}

import Foundation
import Localization
@testable import OpenMarketAPI
import TerminalUI
import Testing

@testable import MarketFeatures

/// `$`: a price range typed on a line — read the way people write prices, refused with a reason when it does
/// not read, applied to the loaded products and asked of a server that filters.
@Suite("The price range")
struct PriceRangeTests {
    static func range(_ currency: Currency, _ lower: Decimal?, _ upper: Decimal?) -> PriceRangeInput {
        .range(PriceRange(currency: currency, lower: lower, upper: upper)!)
    }

    @Test("ranges as people write them: separators, signs and words for the currency, commas, open ends, one number is at most")
    func reading() {
        let cases: [(String, Currency, PriceRangeInput)] = [
            ("10000-50000", .krw, Self.range(.krw, 10000, 50000)),
            ("₩10,000 ~ ₩50,000", .usd, Self.range(.krw, 10000, 50000)),
            ("5–20 $", .krw, Self.range(.usd, 5, 20)),
            ("5.5 to 9.99 USD", .krw, Self.range(.usd, 5.5, 9.99)),
            ("-20 dollars", .krw, Self.range(.usd, nil, 20)),
            ("100-", .krw, Self.range(.krw, 100, nil)),
            ("<= 30000 won", .usd, Self.range(.krw, nil, 30000)),
            (">1000원", .usd, Self.range(.krw, 1000, nil)),
            ("5000", .krw, Self.range(.krw, nil, 5000)),
            ("800-800", .krw, Self.range(.krw, 800, 800)),
            ("  ", .krw, .range(nil)),
            ("", .usd, .range(nil)),
        ]
        for (typed, currency, expected) in cases {
            #expect(PriceRangeInput(typed, defaultCurrency: currency) == expected, "\(typed)")
        }
    }

    @Test("what does not read is named, not sent: letters, three parts, a lone dash, min above max, two currencies")
    func problems() {
        let cases: [(String, Phrase)] = [
            ("cheap", .priceNotANumber("cheap")),
            ("1-2-3", .priceNotANumber("1-2-3")),
            ("-", .priceNotANumber("-")),
            ("1.23456", .priceNotANumber("1.23456")),
            ("1234567890123456", .priceNotANumber("1234567890123456")),
            ("500-100", .priceMinAboveMax(low: "₩500", high: "₩100")),
            ("9.5-2 $", .priceMinAboveMax(low: "$9.50", high: "$2.00")),
            ("₩5-$9", .priceTwoCurrencies),
            ("5\u{1B}[2J", .priceNotANumber("5␛[2J")),
        ]
        for (typed, expected) in cases {
            #expect(PriceRangeInput(typed, defaultCurrency: .krw) == .problem(expected), "\(typed)")
        }
        #expect(PriceRangeInput.text(of: PriceRange(currency: .usd, lower: nil, upper: 20)) == "-20 $")
        #expect(PriceRangeInput("800-11000 ₩", defaultCurrency: .usd) == Self.range(.krw, 800, 11000), "the line's own text reads back")
    }

    @Test("a range admits its currency only, the price paid within both bounds; the status line and the server say it")
    func admitting() {
        let range = PriceRange(currency: .krw, lower: 800, upper: 11000)!
        let filter = ProductFilter(priceRange: range)
        #expect(filter.admits(Samples.product(1, price: 12000, discount: 1000)), "paid ₩11,000: the bound is in")
        #expect(!filter.admits(Samples.product(2, price: 12000)))
        #expect(filter.admits(Samples.product(3, price: 800)) && !filter.admits(Samples.product(4, price: 799)))
        #expect(!filter.admits(Samples.product(5, price: 900, currency: .usd)), "dollars are not won")
        #expect(range.formatted == "₩800–₩11,000" && PriceRange(currency: .usd, lower: 5)!.formatted == "≥ $5.00")
        #expect(PriceRange(currency: .krw, lower: 5, upper: 4) == nil)
        let listing = PageListing(sort: .priceAscending, priceRange: range)
        #expect(listing.queryItems.map { "\($0.name)=\($0.value)" } == ["sort=price-asc", "currency=KRW", "price_min=800", "price_max=11000"])
    }

    @Test("$ opens the line with the selected product's currency; a refused Enter keeps the line and its text and sends nothing; Esc keeps the old range; a good one filters the list")
    func line() {
        var browser = BrowserTester(browser: Samples.loaded())
        let start = browser.state
        browser.send(.keyPressed(.character("$"))) { $0.presented = [.priceRange(PriceRangeLine(defaultCurrency: .krw))] }
        for (index, character) in "500-100".enumerated() {
            browser.send(.keyPressed(.character(character))) {
                $0.presented = [.priceRange(PriceRangeLine(text: String("500-100".prefix(index + 1)), defaultCurrency: .krw))]
            }
        }
        var refused = PriceRangeLine(text: "500-100", defaultCurrency: .krw)
        refused.problem = .priceMinAboveMax(low: "₩500", high: "₩100")
        browser.send(.keyPressed(.enter)) { $0.presented = [.priceRange(refused)] }
        browser.send(.keyPressed(.character("q"))) {
            $0.presented = [.priceRange(PriceRangeLine(text: "500-100q", defaultCurrency: .krw))]  // typed, not quit; the problem goes
        }
        browser.send(.keyPressed(.escape)) { $0.presented = [] }
        #expect(browser.state == start, "nothing changed")
        browser.send(.keyPressed(.character("$"))) { $0.presented = [.priceRange(PriceRangeLine(defaultCurrency: .krw))] }
        browser.send(.keyPressed(.paste("-5000"))) { $0.presented = [.priceRange(PriceRangeLine(text: "-5000", defaultCurrency: .krw))] }
        // Every sample costs ₩12,000: none is shown, so the next page is looked in (the course server's way).
        browser.send(.keyPressed(.enter), effects: [.loadPage(requestID: 2, page: 2, itemsPerPage: 20, search: nil)]) {
            $0.presented = []
            $0.catalog.filter = ProductFilter(priceRange: PriceRange(currency: .krw, upper: 5000))
            $0.catalog.pageLoad = .loading(2, page: 2)
            $0.catalog.nextRequestID = 3
        }
        #expect(browser.state.catalog.products.isEmpty)
        // Opened again, it shows the range in force; an empty Enter lifts it.
        browser.send(.keyPressed(.character("$"))) { $0.presented = [.priceRange(PriceRangeLine(text: "-5000 ₩", defaultCurrency: .krw))] }
        browser.send(.keyPressed(.control("u"))) { $0.presented = [.priceRange(PriceRangeLine(defaultCurrency: .krw))] }
        browser.send(.keyPressed(.enter)) {
            $0.presented = []
            $0.catalog.filter = ProductFilter()
        }
        #expect(browser.state.catalog.products.count == 20)
    }

    @Test("with a server that filters, the range is asked of it from page 1, the other filter kept")
    func askedOfTheServer() {
        var catalog = ArrangementTests.catalog()
        catalog.arranger = .server
        catalog.filter.inStockOnly = true
        let range = PriceRange(currency: .usd, lower: 2)!
        let effects = catalog.arrange(filter: ProductFilter(inStockOnly: true, priceRange: range))
        #expect(effects == [.loadPage(
            requestID: catalog.pageRequest!.id, page: 1, itemsPerPage: 20, search: nil,
            listing: PageListing(inStockOnly: true, priceRange: range))])
        #expect(catalog.products.map(\.id) == [7], "the loaded products filtered meanwhile")
        guard case .handled = catalog.handle(.filterInStock) else { Issue.record("not handled"); return }
        #expect(catalog.filter == ProductFilter(priceRange: range), "i keeps the range")
    }
}

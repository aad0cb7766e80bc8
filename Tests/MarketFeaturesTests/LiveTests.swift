import Foundation
import OpenMarketAPI
import Testing

@testable import MarketFeatures

/// The market's changes as they happen: the stream's phases, a shown product updated in place and marked for a
/// moment, a deleted one marked where it stood, new products raising the banner at once, the wish list's news,
/// a reset read again and said, and how many are here. Every step through the tester.
@Suite("A live market in the browser")
struct LiveTests {
    /// Page 1 loaded (products 100…81), the stream followed.
    static func live(_ prepare: (inout BrowserState) -> Void = { _ in }) -> BrowserTester {
        var state = Samples.loaded()
        prepare(&state)
        var browser = BrowserTester(browser: state)
        browser.send(.live(.opened(resumed: false))) { $0.live.phase = .live }
        browser.send(.live(.change(.here(browsing: 3)))) { $0.live.browsing = 3 }
        return browser
    }

    @Test("while the stream is followed nothing is polled; lost or unavailable, the poll goes on")
    func pollOnlyWithoutStream() {
        var browser = BrowserTester(browser: Samples.loaded())
        browser.send(.live(.opened(resumed: false))) { $0.live.phase = .live }
        browser.send(.pollTimerFired)
        browser.send(.live(.lost(retryIn: .seconds(2)))) { $0.live.phase = .lost(retryIn: .seconds(2)) }
        browser.send(.pollTimerFired, effects: [.pollFirstPage(itemsPerPage: 20, search: nil)]) { $0.catalog.isPolling = true }
        browser.send(.live(.opened(resumed: true))) { $0.live.phase = .live }
        browser.send(.live(.unavailable)) { $0.live.phase = .unavailable }
    }

    @Test("an edit of a shown product changes it in place, marked until its mark's time passes (a newer edit keeps it marked)")
    func editInPlace() {
        var browser = Self.live()
        var cheaper = Samples.product(98, price: 9000, stock: 1)
        browser.send(.live(.change(.edited(cheaper))), effects: [.expireFreshMark(id: 98, generation: 1, after: .seconds(3))]) {
            $0.catalog.allProducts[2] = cheaper
            $0.live.fresh = [98: 1]
            $0.live.markGeneration = 1
        }
        cheaper.stock = 0
        browser.send(.live(.change(.edited(cheaper))), effects: [.expireFreshMark(id: 98, generation: 2, after: .seconds(3))]) {
            $0.catalog.allProducts[2] = cheaper
            $0.live.fresh = [98: 2]
            $0.live.markGeneration = 2
        }
        browser.send(.freshMarkExpired(id: 98, generation: 1))  // the first mark's time: the second goes on
        browser.send(.freshMarkExpired(id: 98, generation: 2)) { $0.live.fresh = [:] }
        // A product not loaded is nobody's news here.
        browser.send(.live(.change(.edited(Samples.product(5, price: 1)))))
    }

    @Test("an edit of the product whose detail is open asks for the detail again")
    func editOpenDetail() {
        var browser = Self.live()
        browser.send(.keyPressed(.enter), effects: [.loadDetail(id: 100)]) {
            $0.presented = [.detail(DetailState(summary: Samples.product(100)))]
        }
        var loaded = DetailState(summary: Samples.product(100))
        loaded.detail = Samples.detail(100)
        loaded.phase = .loaded
        browser.send(.presented(.detail(id: 100, .loaded(.success(Samples.detail(100)))))) { $0.presented = [.detail(loaded)] }
        let edited = Samples.product(100, price: 8000)
        browser.send(.live(.change(.edited(edited))), effects: [.expireFreshMark(id: 100, generation: 1, after: .seconds(3)), .loadDetail(id: 100)]) {
            $0.catalog.allProducts[0] = edited
            $0.live.fresh = [100: 1]
            $0.live.markGeneration = 1
        }
        browser.send(.live(.change(.deleted(id: 100)))) {
            $0.live.gone = [100]
            $0.live.fresh = [:]
            $0.notice = "“Product 100” was deleted just now."
        }
    }

    @Test("a delete marks the product where it stood; one this browser is deleting itself is left to its own answer")
    func deleteInPlace() {
        var browser = Self.live()
        browser.send(.live(.change(.deleted(id: 99)))) { $0.live.gone = [99] }
        #expect(browser.state.catalog.products.map(\.id).prefix(3) == [100, 99, 98], "still where it stood")
        browser.send(.live(.change(.deleted(id: 5))))  // not loaded
        // Brought back (registered again): no longer gone.
        browser.send(.live(.change(.registered(Samples.product(99))))) { $0.live.gone = [] }
    }

    @Test("a registration newer than the newest shown raises the banner at once; with a search, page 1 is asked for the matches")
    func registrations() {
        var browser = Self.live()
        browser.send(.live(.change(.registered(Samples.product(101))))) {
            $0.catalog.newProductCount = 1
            $0.live.announced = [101]
        }
        browser.send(.live(.change(.registered(Samples.product(102))))) {
            $0.catalog.newProductCount = 2
            $0.live.announced = [101, 102]
        }
        #expect(browser.state.catalog.showsBanner)

        var searching = Self.live { $0.catalog.query = "mug" }
        searching.send(.live(.change(.registered(Samples.product(101)))), effects: [.pollFirstPage(itemsPerPage: 20, search: "mug")]) {
            $0.catalog.isPolling = true
        }
    }

    @Test("a kept product's change is news on the wish list at once, and the list is saved")
    func wishNews() {
        var browser = Self.live { $0.wishes = WishesState(list: WishList([WishedProduct(Samples.product(5))]), place: .file) }
        let cheaper = Samples.product(5, price: 9000)
        browser.send(.live(.change(.edited(cheaper))), effects: [.saveWishList([WishedProduct(cheaper)], generation: 1)]) {
            $0.wishes.list = WishList([WishedProduct(cheaper)])
            $0.wishes.generation = 1
            $0.catalog.wishNews = [WishNews(id: 5, name: "Product 5", currency: .krw, change: .priceDrop(old: 12000, new: 9000))]
        }
    }

    @Test("a reset reads page 1 again and the kept products, and says why")
    func reset() {
        var browser = Self.live()
        browser.send(.live(.change(.deleted(id: 99)))) { $0.live.gone = [99] }
        browser.send(.live(.change(.reset(reason: "the market restarted since 9f-3"))), effects: [.loadPage(requestID: 2, page: 1, itemsPerPage: 20, search: nil)]) {
            $0.live.gone = []
            $0.notice = "Changes may have been missed while the market's stream was away: the list was read again."
            $0.catalog.pageLoad = .loading(2, page: 1, replaces: true, keep: 100)
            $0.catalog.nextRequestID = 3
        }
    }

    @Test("a detail opened says to the market what this browser looks at, and its close that it looks at none; the counts shown are the market's; a lost stream forgets them")
    func looking() {
        var browser = Self.live()
        browser.send(.keyPressed(.enter), effects: [.loadDetail(id: 100)]) {
            $0.presented = [.detail(DetailState(summary: Samples.product(100)))]
        }
        // No viewer yet (the stream has not named one): nothing to say.
        browser.send(.live(.change(.viewer("ab12"))), effects: [.reportLook(viewer: "ab12", productID: 100)]) {
            $0.live.viewer = "ab12"
            $0.live.lookReported = 100
        }
        browser.send(.lookCounted(productID: 100, count: 2)) { $0.live.looking = [100: 2] }
        browser.send(.live(.change(.looking(id: 100, count: 3)))) { $0.live.looking = [100: 3] }
        browser.send(.keyPressed(.character("q")), effects: [.reportLook(viewer: "ab12", productID: nil)]) {
            $0.presented = []
            $0.live.lookReported = nil
            $0.live.looking = [:]
        }
        // An answer for a product no longer looked at is not shown.
        browser.send(.lookCounted(productID: 100, count: 2))
        browser.send(.keyPressed(.enter), effects: [.loadDetail(id: 100), .reportLook(viewer: "ab12", productID: 100)]) {
            $0.presented = [.detail(DetailState(summary: Samples.product(100)))]
            $0.live.lookReported = 100
        }
        browser.send(.live(.lost(retryIn: .seconds(2)))) {
            $0.live.phase = .lost(retryIn: .seconds(2))
            $0.live.viewer = nil
            $0.live.lookReported = nil
        }
        // The next stream's viewer says it again.
        browser.send(.live(.opened(resumed: true))) { $0.live.phase = .live }
        browser.send(.live(.change(.viewer("cd34"))), effects: [.reportLook(viewer: "cd34", productID: 100)]) {
            $0.live.viewer = "cd34"
            $0.live.lookReported = 100
        }
    }

    @Test("the terminal's colour scheme turning light or dark switches an auto theme; a theme chosen by name stays")
    func colorScheme() {
        var auto = Self.live { $0.themeFollowsTerminal = true }
        auto.send(.colorSchemeChanged(.light)) { $0.themeName = .light }
        auto.send(.colorSchemeChanged(.light))
        auto.send(.colorSchemeChanged(.dark)) { $0.themeName = .dark }
        var chosen = Self.live { $0.themeName = .highContrast }
        chosen.send(.colorSchemeChanged(.light))
    }

    @Test("a registration of this browser's own whose event comes before its answer leaves the banner's count when it is shown first")
    func ownRegistration() {
        var browser = Self.live()
        browser.send(.live(.change(.registered(Samples.product(101))))) {
            $0.catalog.newProductCount = 1
            $0.live.announced = [101]
        }
        // The form's answer then puts 101 first (`formSaved`): it is no longer news here; another's still is.
        var shown = browser.state
        shown.ownRegistrationShown(id: 101)
        var expected = browser.state
        expected.catalog.newProductCount = 0
        expected.live.announced = []
        #expect(shown == expected)
        shown.ownRegistrationShown(id: 55)
        #expect(shown == expected, "one the stream did not count changes nothing")
    }
}

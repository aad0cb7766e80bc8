import Foundation
import OpenMarketAPI
import Mocks
import Testing

@testable import MarketFeatures

@Suite("My products only")
struct MineOnlyTests {
    /// A page where even ids are vendor 1's and odd ids vendor 2's.
    func mixedPage(_ number: Int) -> ProductPage {
        var page = Samples.page(number)
        page.products = page.products.map { p in
            Samples.product(p.id, vendor: p.id % 2 == 0 ? "demo" : "other", vendorID: p.id % 2 == 0 ? 1 : 2)
        }
        return page
    }

    /// A browser of vendor 1 that started and got `page` first.
    func started(with page: ProductPage) -> BrowserTester {
        var state = BrowserState(size: ScreenSize(columns: 120, rows: 40))
        state.writer = WriterIdentity(vendorID: 1)
        var browser = BrowserTester(browser: state)
        browser.send(.started, effects: [.loadPage(requestID: 1, page: 1, itemsPerPage: 20, search: nil), .followChanges]) {
            $0.catalog.pageLoad = .loading(1, page: 1, replaces: true)
            $0.catalog.nextRequestID = 2
        }
        browser.send(.pageLoaded(requestID: 1, .success(page))) {
            $0.catalog.pageLoad = .idle
            $0.catalog.arranger = .courseAPI  // no "listing" on the page: a course-API server
            $0.catalog.isStarting = false
            $0.catalog.allProducts = page.products
            $0.catalog.nextPage = page.hasNext ? 2 : nil
        }
        return browser
    }

    @Test("m shows only the writer's products, pages on to find more, and m again shows everything")
    func toggle() {
        var browser = started(with: mixedPage(1))
        browser.send(.keyPressed(.down)) { $0.catalog.selectedIndex = 1 }
        // 10 are fewer than a screen: the next page is asked for.
        let page2 = CatalogState.PageRequest(id: 2, page: 2, search: nil, replaces: false, keepSelectedID: nil)
        browser.send(.keyPressed(.character("m")), effects: [.loadPage(requestID: 2, page: 2, itemsPerPage: 20, search: nil)]) {
            $0.catalog.onlyVendorID = 1
            $0.catalog.pageLoad = .loading(page2)
            $0.catalog.nextRequestID = 3
            $0.notice = "My products only — m shows everything again."
        }
        #expect(browser.state.catalog.products.count == 10 && browser.state.catalog.products.allSatisfy { $0.vendorID == 1 })
        browser.send(.pageLoaded(requestID: 2, .success(mixedPage(2)))) {
            $0.catalog.allProducts += self.mixedPage(2).products
            $0.catalog.pageLoad = .idle
            $0.catalog.nextPage = 3
        }
        #expect(browser.state.catalog.products.count == 20 && browser.state.catalog.products.allSatisfy { $0.vendorID == 1 })
        #expect(browser.state.catalog.selectedProduct?.id == 98)
        browser.send(.keyPressed(.character("m"))) {
            $0.catalog.onlyVendorID = nil
            $0.catalog.selectedIndex = 2  // 98 stays selected among all
            $0.notice = nil
        }
        #expect(browser.state.catalog.products.count == 40)
    }

    @Test("a writer without a vendor id asks the market at start; its answer makes m work; a second answer changes nothing")
    func vendorFound() {
        var state = BrowserState(size: ScreenSize(columns: 120, rows: 40))
        state.writer = WriterIdentity(vendorID: nil)
        var browser = BrowserTester(browser: state)
        browser.send(.started, effects: [.loadPage(requestID: 1, page: 1, itemsPerPage: 20, search: nil), .followChanges, .findVendor]) {
            $0.catalog.pageLoad = .loading(1, page: 1, replaces: true)
            $0.catalog.nextRequestID = 2
        }
        browser.send(.vendorFound(id: 7)) { $0.writer = WriterIdentity(vendorID: 7) }
        browser.send(.vendorFound(id: 8))
        var known = BrowserState(size: ScreenSize(columns: 120, rows: 40))
        known.writer = WriterIdentity(vendorID: 3)
        var given = BrowserTester(browser: known)
        given.send(.started, effects: [.loadPage(requestID: 1, page: 1, itemsPerPage: 20, search: nil), .followChanges]) {
            $0.catalog.pageLoad = .loading(1, page: 1, replaces: true)
            $0.catalog.nextRequestID = 2
        }
    }

    @Test("without an identity, or before the vendor id is known, m says why")
    func unknown() {
        var none = BrowserTester(browser: Samples.loaded())
        none.send(.keyPressed(.character("m"))) {
            $0.notice = "No vendor identity: start with --identifier and --secret to see your products."
        }
        var state = Samples.loaded()
        state.writer = WriterIdentity(vendorID: nil)
        var unknown = BrowserTester(browser: state)
        unknown.send(.keyPressed(.character("m"))) {
            $0.notice = "Your vendor id is not known yet; register a product first."
        }
    }

    @Test("the title says mine; deleting and registering keep the filtered list right")
    func rendering() {
        var page = mixedPage(1)
        page.hasNext = false
        var browser = started(with: page)
        browser.send(.keyPressed(.character("m"))) {
            $0.catalog.onlyVendorID = 1
            $0.notice = "My products only — m shows everything again."
        }
        #expect(render(browser.state).0.trimmedLines()[0].hasSuffix("mine  0 sold out · 0 low  10 products"))
        browser.send(.productDeleted(id: 100, .success(Samples.detail(100)))) {
            $0.undoable = .delete([Samples.product(100)])
            $0.catalog.allProducts.removeAll { $0.id == 100 }
            $0.notice = "Deleted “Product 100”."
        }
        #expect(browser.state.catalog.products.count == 9 && browser.state.catalog.allProducts.count == 19)
    }
}

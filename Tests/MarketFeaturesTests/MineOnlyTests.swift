import Foundation
import OpenMarketAPI
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

    @Test("m shows only the writer's products, pages on to find more, and m again shows everything")
    func toggle() {
        var state = BrowserState(size: ScreenSize(columns: 120, rows: 40))
        state.writer = WriterIdentity(vendorID: 1)
        _ = state.handle(.started)
        _ = state.handle(.pageLoaded(requestID: 1, .success(mixedPage(1))))
        _ = state.handle(.keyPressed(.down))
        let effects = state.handle(.keyPressed(.character("m")))
        #expect(state.catalog.mineOnly)
        #expect(state.catalog.products.count == 10 && state.catalog.products.allSatisfy { $0.vendorID == 1 })
        #expect(effects == [.loadPage(requestID: 2, page: 2, itemsPerPage: 20, search: nil)], "10 are fewer than a screen")
        _ = state.handle(.pageLoaded(requestID: 2, .success(mixedPage(2))))
        #expect(state.catalog.products.count == 20 && state.catalog.allProducts.count == 40)
        #expect(state.catalog.products.allSatisfy { $0.vendorID == 1 })
        _ = state.handle(.keyPressed(.character("m")))
        #expect(!state.catalog.mineOnly && state.catalog.products.count == 40)
    }

    @Test("without an identity, or before the vendor id is known, m says why")
    func unknown() {
        var none = Samples.loaded()
        _ = none.handle(.keyPressed(.character("m")))
        #expect(!none.catalog.mineOnly && none.notice?.contains("--identifier") == true)
        var unknown = Samples.loaded()
        unknown.writer = WriterIdentity(vendorID: nil)
        _ = unknown.handle(.keyPressed(.character("m")))
        #expect(!unknown.catalog.mineOnly && unknown.notice?.contains("register a product first") == true)
    }

    @Test("the title says mine; deleting and registering keep the filtered list right")
    func rendering() {
        var state = BrowserState(size: ScreenSize(columns: 120, rows: 40))
        state.writer = WriterIdentity(vendorID: 1)
        _ = state.handle(.started)
        var page = mixedPage(1)
        page.hasNext = false
        _ = state.handle(.pageLoaded(requestID: 1, .success(page)))
        _ = state.handle(.keyPressed(.character("m")))
        #expect(render(state).0.trimmedLines()[0].contains("mine  10 products"))
        _ = state.handle(.productDeleted(id: 100, .success(Samples.detail(100))))
        #expect(state.catalog.products.count == 9 && state.catalog.allProducts.count == 19)
    }
}

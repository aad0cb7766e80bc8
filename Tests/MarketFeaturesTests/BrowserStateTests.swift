import Foundation
import OpenMarketAPI
import TerminalUI
import Mocks
import Testing

@testable import MarketFeatures

@Suite("Browser view model")
struct BrowserStateTests {
    @Test("start asks for page 1; the page fills the list")
    func start() {
        var browser = BrowserTester(browser: BrowserState(size: ScreenSize(columns: 120, rows: 40)))
        browser.send(.started, effects: [.loadPage(requestID: 1, page: 1, itemsPerPage: 20, search: nil), .followChanges]) {
            $0.catalog.pageLoad = .loading(1, page: 1, replaces: true)
            $0.catalog.nextRequestID = 2
        }
        #expect(browser.state.isBusy && browser.state.catalog.isStarting)
        browser.send(.pageLoaded(requestID: 1, .success(Samples.page(1)))) {
            $0.catalog.pageLoad = .idle
            $0.catalog.arranger = .courseAPI  // no "listing" on the page: a course-API server
            $0.catalog.isStarting = false
            $0.catalog.allProducts = Samples.page(1).products
            $0.catalog.nextPage = 2
        }
        #expect(browser.state.catalog.products.map(\.id) == Array((81...100).reversed()))
        #expect(browser.state.catalog.nextPage == 2 && browser.state.catalog.hasNext && !browser.state.catalog.isStarting && !browser.state.isBusy)
    }

    @Test("the next page is requested once the selection is within the threshold of the end, and only once")
    func prefetch() {
        var browser = BrowserTester(browser: Samples.loaded())
        let threshold = browser.state.catalog.prefetchThreshold
        #expect(threshold == 12, "12 list rows fit at 120×40")
        for index in 1...(20 - threshold - 1) {
            browser.send(.keyPressed(.down)) { $0.catalog.selectedIndex = index }  // the list does not scroll yet
        }
        #expect(browser.state.catalog.selectedIndex == 7)
        browser.send(.keyPressed(.down), effects: [.loadPage(requestID: 2, page: 2, itemsPerPage: 20, search: nil)]) {
            $0.catalog.selectedIndex = 8
            $0.catalog.pageLoad = .loading(2, page: 2)
            $0.catalog.nextRequestID = 3
        }
        // Not again while the page is in flight.
        browser.send(.keyPressed(.down)) { $0.catalog.selectedIndex = 9 }
        browser.send(.pageLoaded(requestID: 2, .success(Samples.page(2)))) {
            $0.catalog.allProducts += Samples.page(2).products
            $0.catalog.pageLoad = .idle
            $0.catalog.nextPage = 3
        }
        #expect(browser.state.catalog.products.count == 40)
        #expect(browser.state.catalog.selectedIndex == 9, "the selection stays on its product")
    }

    @Test("products are never shown twice when new products shift the pages")
    func dedupe() {
        var browser = BrowserTester(browser: Samples.loaded())
        let first = browser.state.catalog.allProducts
        browser.send(.keyPressed(.character("G")), effects: [.loadPage(requestID: 2, page: 2, itemsPerPage: 20, search: nil)]) {
            $0.catalog.selectedIndex = 19
            $0.catalog.scrollRow = 8
            $0.catalog.pageLoad = .loading(2, page: 2)
            $0.catalog.nextRequestID = 3
        }
        // Three products were added on the server: page 2 now starts with three ids page 1 already had.
        let shifted = Samples.page(2, newest: 103, total: 103)
        browser.send(.pageLoaded(requestID: 2, .success(shifted))) {
            $0.catalog.pageLoad = .idle
            $0.catalog.allProducts = first + shifted.products.dropFirst(3)
            $0.catalog.nextPage = 3
        }
        let ids = browser.state.catalog.products.map(\.id)
        #expect(ids.count == 37 && Set(ids).count == 37)
        #expect(ids.prefix(23).suffix(3) == [80, 79, 78])
    }

    @Test("a stale page (superseded request) is ignored")
    func stale() {
        var browser = BrowserTester(browser: Samples.loaded())
        browser.send(.keyPressed(.character("r")), effects: [.loadPage(requestID: 2, page: 1, itemsPerPage: 20, search: nil)]) {
            $0.catalog.pageLoad = .loading(2, page: 1, replaces: true, keep: 100)
            $0.catalog.nextRequestID = 3
        }
        browser.send(.pageLoaded(requestID: 1, .success(Samples.page(3))))
    }

    @Test("the end of the list stops paging")
    func end() {
        var browser = BrowserTester(browser: BrowserState(size: ScreenSize(columns: 120, rows: 40)))
        browser.send(.started, effects: [.loadPage(requestID: 1, page: 1, itemsPerPage: 20, search: nil), .followChanges]) {
            $0.catalog.pageLoad = .loading(1, page: 1, replaces: true)
            $0.catalog.nextRequestID = 2
        }
        browser.send(.pageLoaded(requestID: 1, .success(Samples.page(1, total: 20)))) {
            $0.catalog.pageLoad = .idle
            $0.catalog.arranger = .courseAPI  // no "listing" on the page: a course-API server
            $0.catalog.isStarting = false
            $0.catalog.allProducts = Samples.page(1, total: 20).products
            $0.catalog.nextPage = nil
        }
        #expect(!browser.state.catalog.hasNext)
        browser.send(.keyPressed(.character("G"))) {
            $0.catalog.selectedIndex = 19
            $0.catalog.scrollRow = 8
        }
    }

    @Test("v and Tab toggle list and grid, keeping the selected product selected and on screen")
    func toggle() {
        var browser = BrowserTester(browser: Samples.loaded(pages: 2))
        browser.send(.keyPressed(.character("G")), effects: [.loadPage(requestID: 3, page: 3, itemsPerPage: 20, search: nil)]) {
            $0.catalog.selectedIndex = 39
            $0.catalog.scrollRow = 28
            $0.catalog.pageLoad = .loading(3, page: 3)
            $0.catalog.nextRequestID = 4
        }
        let selected = browser.state.catalog.selectedProduct?.id
        browser.send(.keyPressed(.character("v"))) {
            $0.catalog.layoutKind = .grid
            $0.catalog.scrollRow = 6
        }
        var catalog = browser.state.catalog
        #expect(catalog.selectedProduct?.id == selected)
        #expect(browser.state.layout.frame(of: catalog.selectedIndex, scrollRow: catalog.scrollRow) != nil, "selection is visible")
        browser.send(.keyPressed(.tab)) {
            $0.catalog.layoutKind = .list
            $0.catalog.scrollRow = 28
        }
        catalog = browser.state.catalog
        #expect(catalog.selectedProduct?.id == selected)
        #expect(browser.state.layout.frame(of: catalog.selectedIndex, scrollRow: catalog.scrollRow) != nil, "selection is visible")
    }

    @Test("grid moves: left/right by one, up/down by a row of cards")
    func gridMoves() {
        var browser = BrowserTester(browser: Samples.loaded())
        browser.send(.keyPressed(.character("v"))) { $0.catalog.layoutKind = .grid }
        let perRow = browser.state.layout.itemsPerRow
        #expect(perRow == 5, "5 cards of at least 22 columns fit in 120")
        browser.send(.keyPressed(.right)) { $0.catalog.selectedIndex = 1 }
        // Two rows of cards down, the end of the first page is near: the next is asked for.
        browser.send(.keyPressed(.down), effects: [.loadPage(requestID: 2, page: 2, itemsPerPage: 20, search: nil)]) {
            $0.catalog.selectedIndex = 1 + perRow
            $0.catalog.pageLoad = .loading(2, page: 2)
            $0.catalog.nextRequestID = 3
        }
        browser.send(.keyPressed(.left)) { $0.catalog.selectedIndex = perRow }
    }

    @Test("r refreshes page 1 and keeps the selection when the product still exists")
    func refresh() {
        var browser = BrowserTester(browser: Samples.loaded())
        for index in 1...4 { browser.send(.keyPressed(.character("j"))) { $0.catalog.selectedIndex = index } }
        let selected = browser.state.catalog.selectedProduct!.id
        browser.send(.keyPressed(.character("r")), effects: [.loadPage(requestID: 2, page: 1, itemsPerPage: 20, search: nil)]) {
            $0.catalog.pageLoad = .loading(2, page: 1, replaces: true, keep: selected)
            $0.catalog.nextRequestID = 3
        }
        let newer = Samples.page(1, newest: 102, total: 102)
        browser.send(.pageLoaded(requestID: 2, .success(newer))) {
            $0.catalog.pageLoad = .idle
            $0.catalog.allProducts = newer.products
            $0.catalog.selectedIndex = 6
        }
        #expect(browser.state.catalog.selectedProduct?.id == selected)
    }

    @Test("moving up past the top refreshes")
    func upPastTop() {
        var browser = BrowserTester(browser: Samples.loaded())
        browser.send(.keyPressed(.up), effects: [.loadPage(requestID: 2, page: 1, itemsPerPage: 20, search: nil)]) {
            $0.catalog.pageLoad = .loading(2, page: 1, replaces: true, keep: 100)
            $0.catalog.nextRequestID = 3
        }
    }

    @Test("search follows typing after a 300 ms debounce; only the newest generation applies; Esc clears")
    func search() {
        var browser = BrowserTester(browser: Samples.loaded())
        browser.send(.keyPressed(.character("/"))) { $0.presented = [.search(SearchState())] }
        browser.send(.keyPressed(.character("m")), effects: [.scheduleSearch(generation: 1, after: .milliseconds(300))]) {
            $0.presented = [.search(SearchState(query: "m", generation: 1))]
        }
        browser.send(.keyPressed(.character("u")), effects: [.scheduleSearch(generation: 2, after: .milliseconds(300))]) {
            $0.presented = [.search(SearchState(query: "mu", generation: 2))]
        }
        browser.send(.presented(.search(.paused(generation: 1))))  // an old timer does nothing
        browser.send(
            .presented(.search(.paused(generation: 2))), effects: [.loadPage(requestID: 2, page: 1, itemsPerPage: 20, search: "mu")]
        ) {
            $0.catalog.query = "mu"
            $0.catalog.nextPage = 1
            $0.catalog.pageLoad = .loading(2, page: 1, search: "mu", replaces: true)
            $0.catalog.nextRequestID = 3
        }
        let found = Samples.page(1, total: 3)
        browser.send(.pageLoaded(requestID: 2, .success(found))) {
            $0.catalog.pageLoad = .idle
            $0.catalog.listedQuery = "mu"
            $0.catalog.searchRanking = .substring  // the page says nothing of its search: a course server's
            $0.catalog.allProducts = found.products
            $0.catalog.nextPage = nil
        }
        #expect(browser.state.catalog.products.count == 3)
        browser.send(.keyPressed(.enter)) { $0.presented = [] }  // Enter keeps the results
        browser.send(.keyPressed(.escape), effects: [.loadPage(requestID: 3, page: 1, itemsPerPage: 20, search: nil)]) {
            $0.catalog.query = nil
            $0.catalog.pageLoad = .loading(3, page: 1, replaces: true, keep: 100)
            $0.catalog.nextRequestID = 4
        }
        #expect(browser.state.catalog.query == nil && browser.state.searchLine == nil)
    }

    @Test("the poll finds newer products and the banner counts them; r clears it")
    func poll() {
        var browser = BrowserTester(browser: Samples.loaded())
        browser.send(.pollTimerFired, effects: [.pollFirstPage(itemsPerPage: 20, search: nil)]) { $0.catalog.isPolling = true }
        browser.send(.pollTimerFired)  // one poll at a time
        let newer = Samples.page(1, newest: 103, total: 103)
        browser.send(.pollLoaded(search: nil, .success(newer))) {
            $0.catalog.isPolling = false
            $0.catalog.newProductCount = 3
        }
        #expect(browser.state.catalog.showsBanner)
        browser.send(.keyPressed(.character("r")), effects: [.loadPage(requestID: 2, page: 1, itemsPerPage: 20, search: nil)]) {
            $0.catalog.newProductCount = 0
            $0.catalog.pageLoad = .loading(2, page: 1, replaces: true, keep: 100)
            $0.catalog.nextRequestID = 3
        }
        browser.send(.pageLoaded(requestID: 2, .success(newer))) {
            $0.catalog.pageLoad = .idle
            $0.catalog.allProducts = newer.products
            $0.catalog.selectedIndex = 3  // 100 stays selected
        }
        #expect(browser.state.catalog.newProductCount == 0 && !browser.state.catalog.showsBanner)
        #expect(browser.state.catalog.products.first?.id == 103)
    }

    @Test("a failed page shows the server's message, keeps what was loaded, and r retries that page")
    func failure() {
        var browser = BrowserTester(browser: Samples.loaded())
        browser.send(.keyPressed(.character("G")), effects: [.loadPage(requestID: 2, page: 2, itemsPerPage: 20, search: nil)]) {
            $0.catalog.selectedIndex = 19
            $0.catalog.scrollRow = 8
            $0.catalog.pageLoad = .loading(2, page: 2)
            $0.catalog.nextRequestID = 3
        }
        browser.send(.pageLoaded(requestID: 2, .failure(BrowserFailure("The server failed (500).")))) {
            $0.catalog.pageFailure = "The server failed (500)."
            $0.catalog.pageLoad = .failed(CatalogState.PageRequest(id: 2, page: 2, search: nil, replaces: false, keepSelectedID: nil))
        }
        #expect(browser.state.catalog.products.count == 20)
        // No automatic retry storm.
        browser.send(.keyPressed(.down))
        browser.send(.keyPressed(.character("r")), effects: [.loadPage(requestID: 3, page: 2, itemsPerPage: 20, search: nil)]) {
            $0.catalog.pageFailure = nil
            $0.catalog.pageLoad = .loading(3, page: 2)
            $0.catalog.nextRequestID = 4
        }
    }

    @Test("server down at start: the start screen shows the error; r retries page 1")
    func downAtStart() {
        var browser = BrowserTester(browser: BrowserState())
        browser.send(.started, effects: [.loadPage(requestID: 1, page: 1, itemsPerPage: 20, search: nil), .followChanges]) {
            $0.catalog.pageLoad = .loading(1, page: 1, replaces: true)
            $0.catalog.nextRequestID = 2
        }
        browser.send(.pageLoaded(requestID: 1, .failure(BrowserFailure("Could not reach the server.")))) {
            $0.catalog.pageFailure = "Could not reach the server."
            $0.catalog.pageLoad = .failed(CatalogState.PageRequest(id: 1, page: 1, search: nil, replaces: true, keepSelectedID: nil))
        }
        #expect(browser.state.catalog.products.isEmpty && browser.state.catalog.isStarting)
        browser.send(.keyPressed(.character("r")), effects: [.loadPage(requestID: 2, page: 1, itemsPerPage: 20, search: nil)]) {
            $0.catalog.pageFailure = nil
            $0.catalog.pageLoad = .loading(2, page: 1, replaces: true)
            $0.catalog.nextRequestID = 3
        }
    }

    @Test("Enter opens the detail; pictures page with ←/→; q goes back; q at the top quits")
    func detail() {
        var browser = BrowserTester(browser: Samples.loaded())
        browser.send(.keyPressed(.down)) { $0.catalog.selectedIndex = 1 }
        var detail = DetailState(summary: Samples.product(99))
        browser.send(.keyPressed(.enter), effects: [.loadDetail(id: 99)]) { $0.presented = [.detail(detail)] }
        #expect(browser.state.detail?.isLoading == true)
        detail.detail = Samples.detail(99)
        detail.phase = .loaded
        browser.send(.presented(.detail(id: 99, .loaded(.success(Samples.detail(99)))))) { $0.presented = [.detail(detail)] }
        #expect(browser.state.detail?.imageCount == 3)
        for (key, index) in [(KeyEvent.right, 1), (.right, 2), (.right, 0), (.left, 2)] {  // wraps around
            detail.imageIndex = index
            browser.send(.keyPressed(key)) { $0.presented = [.detail(detail)] }
        }
        browser.send(.keyPressed(.character("q"))) { $0.presented = [] }
        browser.send(.keyPressed(.character("q")), effects: [.quit])
    }

    @Test("a detail that arrives for another product is ignored")
    func detailRace() {
        var browser = BrowserTester(browser: Samples.loaded())
        browser.send(.keyPressed(.enter), effects: [.loadDetail(id: 100)]) {
            $0.presented = [.detail(DetailState(summary: Samples.product(100)))]
        }
        browser.send(.presented(.detail(id: 42, .loaded(.success(Samples.detail(42))))))
        #expect(browser.state.detail?.detail == nil && browser.state.detail?.isLoading == true)
    }

    @Test("help, colour cycling, Ctrl-C")
    func modes() {
        var browser = BrowserTester(browser: Samples.loaded())
        browser.send(.keyPressed(.character("?"))) { $0.presented = [.help(HelpState())] }
        #expect(browser.state.showsHelp)
        browser.send(.keyPressed(.character("q"))) { $0.presented = [] }  // any key closes help first
        // True colour is in the cycle on a 256-colour terminal.
        for mode in [ColorMode.color16, .color8, .monochrome, .truecolor, .color256] {
            browser.send(.keyPressed(.character("c"))) { $0.colorMode = mode }
        }
        #expect(ColorMode.color8.next(maxColors: 16) == .monochrome)
        #expect(ColorMode.monochrome.next(maxColors: 16) == .color16, "no true colour where there are not even 256 colours")
        #expect(ColorMode.best(forColors: 256, direct: true) == .truecolor)
        #expect(ColorMode.best(forColors: 16, direct: true) == .color16)
        browser.send(.keyPressed(.control("c")), effects: [.quit])
    }

    @Test("mouse: click selects, double-click opens, wheel moves")
    func mouse() {
        var browser = BrowserTester(browser: Samples.loaded())
        let third = browser.state.layout.frame(of: 2, scrollRow: 0)!
        browser.send(.mouse(MouseEvent(kind: .press, x: 20, y: third.y + 1))) { $0.catalog.selectedIndex = 2 }
        browser.send(.mouse(MouseEvent(kind: .doubleClick, x: 20, y: third.y)), effects: [.loadDetail(id: 98)]) {
            $0.presented = [.detail(DetailState(summary: Samples.product(98)))]
        }
        browser.send(.keyPressed(.escape)) { $0.presented = [] }
        browser.send(.mouse(MouseEvent(kind: .wheelDown, x: 0, y: 10))) { $0.catalog.selectedIndex = 3 }
        browser.send(.mouse(MouseEvent(kind: .press, x: 5, y: 0)))  // a click on the title selects nothing
    }

    @Test("resizing relayouts and keeps the selection visible; tiny sizes are too small")
    func resize() {
        var browser = BrowserTester(browser: Samples.loaded())
        for index in 1...11 {
            let prefetches = index == 8  // within the threshold of the end (see prefetch)
            browser.send(.keyPressed(.down), effects: prefetches ? [.loadPage(requestID: 2, page: 2, itemsPerPage: 20, search: nil)] : []) {
                $0.catalog.selectedIndex = index
                if prefetches {
                    $0.catalog.pageLoad = .loading(2, page: 2)
                    $0.catalog.nextRequestID = 3
                }
            }
        }
        browser.send(.resized(ScreenSize(columns: 60, rows: 14))) {
            $0.catalog.size = ScreenSize(columns: 60, rows: 14)
            $0.catalog.scrollRow = 9  // the selection at the bottom of the smaller screen
        }
        #expect(browser.state.layout.frame(of: 11, scrollRow: browser.state.catalog.scrollRow) != nil)
        browser.send(.resized(ScreenSize(columns: 10, rows: 5))) {
            $0.catalog.size = ScreenSize(columns: 10, rows: 5)
            $0.catalog.scrollRow = 11
        }
        #expect(browser.state.size.isTooSmall)
        browser.send(.resized(ScreenSize(columns: 120, rows: 40))) {
            $0.catalog.size = ScreenSize(columns: 120, rows: 40)
            $0.catalog.scrollRow = 9  // as far down as the list (and its loading row) goes
        }
        #expect(browser.state.layout.frame(of: 11, scrollRow: browser.state.catalog.scrollRow) != nil)
    }
}

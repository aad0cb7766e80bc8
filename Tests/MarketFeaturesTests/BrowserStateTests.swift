import Foundation
import OpenMarketAPI
import TerminalUI
import Testing

@testable import MarketFeatures

@Suite("Browser view model")
struct BrowserStateTests {
    @Test("start asks for page 1; the page fills the list")
    func start() {
        var state = BrowserState(size: ScreenSize(columns: 120, rows: 40))
        #expect(state.handle(.started) == [.loadPage(requestID: 1, page: 1, itemsPerPage: 20, search: nil)])
        #expect(state.isBusy && state.catalog.isStarting)
        let effects = state.handle(.pageLoaded(requestID: 1, .success(Samples.page(1))))
        #expect(effects == [])
        #expect(state.catalog.products.map(\.id) == Array((81...100).reversed()))
        #expect(state.catalog.nextPage == 2 && state.catalog.hasNext && !state.catalog.isStarting && !state.isBusy)
    }

    @Test("the next page is requested once the selection is within the threshold of the end, and only once")
    func prefetch() {
        var state = Samples.loaded()
        let threshold = state.catalog.prefetchThreshold
        #expect(threshold == 12, "12 list rows fit at 120×40")
        for _ in 0..<(20 - threshold - 1) { #expect(state.handle(.keyPressed(.down)) == []) }
        #expect(state.catalog.selectedIndex == 7)
        #expect(state.handle(.keyPressed(.down)) == [.loadPage(requestID: 2, page: 2, itemsPerPage: 20, search: nil)])
        #expect(state.handle(.keyPressed(.down)) == [], "not again while the page is in flight")
        _ = state.handle(.pageLoaded(requestID: 2, .success(Samples.page(2))))
        #expect(state.catalog.products.count == 40)
        #expect(state.catalog.selectedIndex == 9, "the selection stays on its product")
    }

    @Test("products are never shown twice when new products shift the pages")
    func dedupe() {
        var state = Samples.loaded()
        _ = state.handle(.keyPressed(.character("G")))
        let id = state.catalog.pageRequest!.id
        // Three products were added on the server: page 2 now starts with three ids page 1 already had.
        _ = state.handle(.pageLoaded(requestID: id, .success(Samples.page(2, newest: 103, total: 103))))
        #expect(state.catalog.products.count == 37)
        #expect(Set(state.catalog.products.map(\.id)).count == state.catalog.products.count)
        #expect(state.catalog.products.map(\.id).prefix(23).suffix(3) == [80, 79, 78])
    }

    @Test("a stale page (superseded request) is ignored")
    func stale() {
        var state = Samples.loaded()
        _ = state.handle(.keyPressed(.character("r")))
        let before = state
        _ = state.handle(.pageLoaded(requestID: 1, .success(Samples.page(3))))
        #expect(state == before)
    }

    @Test("the end of the list stops paging")
    func end() {
        var state = BrowserState(size: ScreenSize(columns: 120, rows: 40))
        _ = state.handle(.started)
        _ = state.handle(.pageLoaded(requestID: 1, .success(Samples.page(1, total: 20))))
        #expect(!state.catalog.hasNext)
        #expect(state.handle(.keyPressed(.character("G"))) == [])
        #expect(state.catalog.selectedIndex == 19)
    }

    @Test("v and Tab toggle list and grid, keeping the selected product selected and on screen")
    func toggle() {
        var state = Samples.loaded(pages: 2)
        _ = state.handle(.keyPressed(.character("G")))
        let selected = state.catalog.selectedProduct?.id
        _ = state.handle(.keyPressed(.character("v")))
        #expect(state.catalog.layoutKind == .grid)
        #expect(state.catalog.selectedProduct?.id == selected)
        let layout = state.layout
        #expect(layout.frame(of: state.catalog.selectedIndex, scrollRow: state.catalog.scrollRow) != nil, "selection is visible")
        _ = state.handle(.keyPressed(.tab))
        #expect(state.catalog.layoutKind == .list && state.catalog.selectedProduct?.id == selected)
        #expect(state.layout.frame(of: state.catalog.selectedIndex, scrollRow: state.catalog.scrollRow) != nil)
    }

    @Test("grid moves: left/right by one, up/down by a row of cards")
    func gridMoves() {
        var state = Samples.loaded()
        _ = state.handle(.keyPressed(.character("v")))
        let perRow = state.layout.itemsPerRow
        #expect(perRow == 5, "5 cards of at least 22 columns fit in 120")
        _ = state.handle(.keyPressed(.right))
        #expect(state.catalog.selectedIndex == 1)
        _ = state.handle(.keyPressed(.down))
        #expect(state.catalog.selectedIndex == 1 + perRow)
        _ = state.handle(.keyPressed(.left))
        #expect(state.catalog.selectedIndex == perRow)
    }

    @Test("r refreshes page 1 and keeps the selection when the product still exists")
    func refresh() {
        var state = Samples.loaded()
        for _ in 0..<4 { _ = state.handle(.keyPressed(.character("j"))) }
        let selected = state.catalog.selectedProduct!.id
        let effects = state.handle(.keyPressed(.character("r")))
        #expect(effects == [.loadPage(requestID: 2, page: 1, itemsPerPage: 20, search: nil)])
        _ = state.handle(.pageLoaded(requestID: 2, .success(Samples.page(1, newest: 102, total: 102))))
        #expect(state.catalog.selectedProduct?.id == selected)
        #expect(state.catalog.selectedIndex == 6)
    }

    @Test("moving up past the top refreshes")
    func upPastTop() {
        var state = Samples.loaded()
        #expect(state.handle(.keyPressed(.up)) == [.loadPage(requestID: 2, page: 1, itemsPerPage: 20, search: nil)])
    }

    @Test("search follows typing after a 300 ms debounce; only the newest generation applies; Esc clears")
    func search() {
        var state = Samples.loaded()
        #expect(state.handle(.keyPressed(.character("/"))) == [])
        #expect((state.searchLine != nil))
        #expect(state.handle(.keyPressed(.character("m"))) == [.scheduleSearch(generation: 1, after: .milliseconds(300))])
        #expect(state.handle(.keyPressed(.character("u"))) == [.scheduleSearch(generation: 2, after: .milliseconds(300))])
        #expect(state.handle(.searchDebounceElapsed(generation: 1)) == [], "an old timer does nothing")
        #expect(
            state.handle(.searchDebounceElapsed(generation: 2))
                == [.loadPage(requestID: 2, page: 1, itemsPerPage: 20, search: "mu")])
        #expect(state.catalog.query == "mu")
        _ = state.handle(.pageLoaded(requestID: 2, .success(Samples.page(1, total: 3))))
        #expect(state.catalog.products.count == 3)
        #expect(state.handle(.keyPressed(.enter)) == [], "Enter keeps the results")
        #expect(!(state.searchLine != nil))
        #expect(state.handle(.keyPressed(.escape)) == [.loadPage(requestID: 3, page: 1, itemsPerPage: 20, search: nil)])
        #expect(state.catalog.query == nil && state.searchLine == nil)
    }

    @Test("the poll finds newer products and the banner counts them; r clears it")
    func poll() {
        var state = Samples.loaded()
        #expect(state.handle(.pollTimerFired) == [.pollFirstPage(itemsPerPage: 20, search: nil)])
        #expect(state.handle(.pollTimerFired) == [], "one poll at a time")
        _ = state.handle(.pollLoaded(search: nil, .success(Samples.page(1, newest: 103, total: 103))))
        #expect(state.catalog.newProductCount == 3)
        #expect(state.catalog.showsBanner)
        _ = state.handle(.keyPressed(.character("r")))
        _ = state.handle(.pageLoaded(requestID: state.catalog.pageRequest!.id, .success(Samples.page(1, newest: 103, total: 103))))
        #expect(state.catalog.newProductCount == 0 && !state.catalog.showsBanner)
        #expect(state.catalog.products.first?.id == 103)
    }

    @Test("a failed page shows the server's message, keeps what was loaded, and r retries that page")
    func failure() {
        var state = Samples.loaded()
        _ = state.handle(.keyPressed(.character("G")))
        let id = state.catalog.pageRequest!.id
        _ = state.handle(.pageLoaded(requestID: id, .failure(BrowserFailure("The server failed (500)."))))
        #expect(state.catalog.errorMessage == "The server failed (500).")
        #expect(state.catalog.products.count == 20)
        #expect(state.handle(.keyPressed(.down)) == [], "no automatic retry storm")
        #expect(state.handle(.keyPressed(.character("r"))) == [.loadPage(requestID: id + 1, page: 2, itemsPerPage: 20, search: nil)])
        #expect(state.catalog.errorMessage == nil)
    }

    @Test("server down at start: the start screen shows the error; r retries page 1")
    func downAtStart() {
        var state = BrowserState()
        _ = state.handle(.started)
        _ = state.handle(.pageLoaded(requestID: 1, .failure(BrowserFailure("Could not reach the server."))))
        #expect(state.catalog.products.isEmpty && state.catalog.errorMessage != nil)
        #expect(state.handle(.keyPressed(.character("r"))) == [.loadPage(requestID: 2, page: 1, itemsPerPage: 20, search: nil)])
    }

    @Test("Enter opens the detail; pictures page with ←/→; q goes back; q at the top quits")
    func detail() {
        var state = Samples.loaded()
        _ = state.handle(.keyPressed(.down))
        #expect(state.handle(.keyPressed(.enter)) == [.loadDetail(id: 99)])
        #expect(state.detail?.isLoading == true)
        _ = state.handle(.presented(.detail(id: 99, .loaded(.success(Samples.detail(99))))))
        #expect(state.detail?.imageCount == 3)
        _ = state.handle(.keyPressed(.right))
        _ = state.handle(.keyPressed(.right))
        #expect(state.detail?.imageIndex == 2)
        _ = state.handle(.keyPressed(.right))
        #expect(state.detail?.imageIndex == 0, "wraps around")
        _ = state.handle(.keyPressed(.left))
        #expect(state.detail?.imageIndex == 2)
        #expect(state.handle(.keyPressed(.character("q"))) == [])
        #expect(state.detail == nil)
        #expect(state.handle(.keyPressed(.character("q"))) == [.quit])
    }

    @Test("a detail that arrives for another product is ignored")
    func detailRace() {
        var state = Samples.loaded()
        _ = state.handle(.keyPressed(.enter))
        _ = state.handle(.presented(.detail(id: 42, .loaded(.success(Samples.detail(42))))))
        #expect(state.detail?.detail == nil && state.detail?.isLoading == true)
    }

    @Test("help, colour cycling, Ctrl-C")
    func modes() {
        var state = Samples.loaded()
        _ = state.handle(.keyPressed(.character("?")))
        #expect(state.showsHelp)
        #expect(state.handle(.keyPressed(.character("q"))) == [], "any key closes help first")
        #expect(!state.showsHelp)
        let cycle = (0..<5).map { _ in
            _ = state.handle(.keyPressed(.character("c")))
            return state.colorMode
        }
        #expect(cycle == [.color16, .color8, .monochrome, .truecolor, .color256], "true colour is in the cycle on a 256-colour terminal")
        #expect(ColorMode.color8.next(maxColors: 16) == .monochrome)
        #expect(ColorMode.monochrome.next(maxColors: 16) == .color16, "no true colour where there are not even 256 colours")
        #expect(ColorMode.best(forColors: 256, direct: true) == .truecolor)
        #expect(ColorMode.best(forColors: 16, direct: true) == .color16)
        #expect(state.handle(.keyPressed(.control("c"))) == [.quit])
    }

    @Test("mouse: click selects, double-click opens, wheel moves")
    func mouse() {
        var state = Samples.loaded()
        let layout = state.layout
        let third = layout.frame(of: 2, scrollRow: 0)!
        _ = state.handle(.mouse(MouseEvent(kind: .press, x: 20, y: third.y + 1)))
        #expect(state.catalog.selectedIndex == 2)
        #expect(state.handle(.mouse(MouseEvent(kind: .doubleClick, x: 20, y: third.y))) == [.loadDetail(id: 98)])
        _ = state.handle(.keyPressed(.escape))
        _ = state.handle(.mouse(MouseEvent(kind: .wheelDown, x: 0, y: 10)))
        #expect(state.catalog.selectedIndex == 3)
        _ = state.handle(.mouse(MouseEvent(kind: .press, x: 5, y: 0)))
        #expect(state.catalog.selectedIndex == 3, "a click on the title selects nothing")
    }

    @Test("resizing relayouts and keeps the selection visible; tiny sizes are too small")
    func resize() {
        var state = Samples.loaded()
        for _ in 0..<11 { _ = state.handle(.keyPressed(.down)) }
        _ = state.handle(.resized(ScreenSize(columns: 60, rows: 14)))
        #expect(state.catalog.selectedIndex == 11)
        #expect(state.layout.frame(of: 11, scrollRow: state.catalog.scrollRow) != nil)
        _ = state.handle(.resized(ScreenSize(columns: 10, rows: 5)))
        #expect(state.size.isTooSmall)
        _ = state.handle(.resized(ScreenSize(columns: 120, rows: 40)))
        #expect(state.catalog.selectedIndex == 11)
    }
}

import Localization
import OpenMarketAPI
import TerminalUI
import Testing

@testable import MarketFeatures

@Suite("Did you mean: a search that found nothing offers the market's own words")
struct DidYouMeanTests {
    /// An empty first page for a search, with what the market says of it.
    static func nothingFound(_ search: PageSearch?) -> ProductPage {
        ProductPage(
            pageNumber: 1, itemsPerPage: 20, totalCount: 0, offset: 0, limit: 20, lastPage: 0, hasNext: false, hasPrev: false,
            products: [], search: search)
    }

    /// A loaded browser whose search line sent `query` (typed whole, then Enter).
    static func searched(_ query: String, into browser: inout BrowserTester) {
        browser.send(.keyPressed(.character("/"))) { $0.presented = [.search(SearchState())] }
        browser.send(.keyPressed(.paste(query)), effects: [.scheduleSearch(generation: 1, after: .milliseconds(300))]) {
            $0.presented = [.search(SearchState(query: query, generation: 1))]
        }
        browser.send(.keyPressed(.enter), effects: [.loadPage(requestID: 2, page: 1, itemsPerPage: 20, search: query)]) {
            $0.presented = []
            $0.catalog.query = query
            $0.catalog.nextPage = 1
            $0.catalog.pageLoad = .loading(2, page: 1, search: query, replaces: true)
            $0.catalog.nextRequestID = 3
        }
    }

    @Test("nothing found: the list names the suggestion and its key; Enter searches it; its page found something")
    func offeredAndTaken() {
        var browser = BrowserTester(browser: Samples.loaded())
        Self.searched("teapottt", into: &browser)
        browser.send(.pageLoaded(requestID: 2, .success(Self.nothingFound(PageSearch(ranking: .bestMatch, suggestion: "teapot"))))) {
            $0.catalog.pageLoad = .idle
            $0.catalog.listedQuery = "teapottt"
            $0.catalog.searchRanking = .bestMatch
            $0.catalog.searchSuggestion = "teapot"
            $0.catalog.allProducts = []
            $0.catalog.nextPage = nil
        }
        let shown = render(browser.state).0.trimmedLines().joined(separator: "\n")
        #expect(shown.contains("No products match “teapottt”. Did you mean “teapot”? Enter searches it, Esc clears the search."))

        browser.send(.keyPressed(.enter), effects: [.loadPage(requestID: 3, page: 1, itemsPerPage: 20, search: "teapot")]) {
            $0.catalog.query = "teapot"
            $0.catalog.searchSuggestion = nil
            $0.catalog.nextPage = 1
            $0.catalog.pageLoad = .loading(3, page: 1, search: "teapot", replaces: true)
            $0.catalog.nextRequestID = 4
        }
        let found = Samples.page(1, total: 2)
        browser.send(.pageLoaded(requestID: 3, .success(found))) {
            $0.catalog.pageLoad = .idle
            $0.catalog.listedQuery = "teapot"
            $0.catalog.searchRanking = .substring  // this page says nothing of its search
            $0.catalog.allProducts = found.products
            $0.catalog.nextPage = nil
        }
        // Enter now opens the product found, as on any list.
        browser.send(.keyPressed(.enter), effects: [.loadDetail(id: 100)]) {
            $0.presented = [.detail(DetailState(summary: found.products[0]))]
        }
    }

    @Test("no suggestion (a course server, or none of the market's words is near): Enter on the empty list does nothing")
    func noneOffered() {
        var browser = BrowserTester(browser: Samples.loaded())
        Self.searched("qqqqqqqq", into: &browser)
        browser.send(.pageLoaded(requestID: 2, .success(Self.nothingFound(nil)))) {
            $0.catalog.pageLoad = .idle
            $0.catalog.listedQuery = "qqqqqqqq"
            $0.catalog.searchRanking = .substring
            $0.catalog.allProducts = []
            $0.catalog.nextPage = nil
        }
        browser.send(.keyPressed(.enter))
        let shown = render(browser.state).0.trimmedLines().joined(separator: "\n")
        #expect(shown.contains("No products match “qqqqqqqq”. Esc clears the search."))
        #expect(!shown.contains("Did you mean"))
    }

    @Test("in Korean, wrapped in a narrow window; the untrusted suggestion is shown without its control characters")
    func korean() {
        var state = Samples.loaded(size: ScreenSize(columns: 44, rows: 16))
        state.language = .korean
        var browser = BrowserTester(browser: state)
        Self.searched("해드퐁폰", into: &browser)
        let offered = PageSearch(ranking: .bestMatch, suggestion: "헤드\u{1B}[31m폰")
        browser.send(.pageLoaded(requestID: 2, .success(Self.nothingFound(offered)))) {
            $0.catalog.pageLoad = .idle
            $0.catalog.listedQuery = "해드퐁폰"
            $0.catalog.searchRanking = .bestMatch
            $0.catalog.searchSuggestion = "헤드␛[31m폰"
            $0.catalog.allProducts = []
            $0.catalog.nextPage = nil
        }
        let lines = render(browser.state).0.trimmedLines()
        let message = lines.filter { $0.hasPrefix("  ") && !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(message.joined(separator: " ").contains("“해드퐁폰”에 맞는 상품이 없습니다. 찾으시는 것이 “헤드␛[31m폰”인가요?"), "\(lines)")
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 44 })
        #expect(!lines.joined().contains("\u{1B}"))
    }

    @Test("what the list takes from a server's suggestion: one printable line, a query's length at most, not the query itself")
    func suggestionTaken() {
        func offer(_ text: String) -> PageSearch { PageSearch(ranking: .bestMatch, suggestion: text) }
        #expect(CatalogState.suggestion(PageSearch(ranking: .bestMatch), for: "teapottt") == nil, "none offered")
        #expect(CatalogState.suggestion(offer("teapot"), for: "teapottt") == "teapot")
        #expect(CatalogState.suggestion(offer("  tea\npot "), for: "teapottt") == "tea pot")
        #expect(CatalogState.suggestion(offer("teapottt"), for: "teapottt") == nil)
        #expect(CatalogState.suggestion(offer("   "), for: "x") == nil)
        #expect(CatalogState.suggestion(offer(String(repeating: "a", count: SearchState.limit + 1)), for: "x") == nil)
        #expect(CatalogState.suggestion(offer(String(repeating: "a", count: SearchState.limit)), for: "x")?.count == SearchState.limit)
        #expect(CatalogState.suggestion(offer("teapot"), for: nil) == nil, "a list without a search has no suggestion")
        #expect(CatalogState.suggestion(offer("a\u{07}b"), for: "x") == "a␇b")
    }
}

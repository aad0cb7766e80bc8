import Foundation
import ImagePipeline
import Localization
import OpenMarketAPI
import TerminalUI
import MarketWords
import Testing

@testable import MarketFeatures

/// Every screen and widget, text and styles together (`Screens/*.txt`): the list (with Korean names), the
/// grid, the detail, the form registering and failing to save, the questions, the help, the search line,
/// the error banner with a notice — each in English and in Korean, at 80×24 and at 200×60 (`name.txt`,
/// `name.ko.txt`, `name.200x60.txt`, `name.ko.200x60.txt`). A change to any of them shows as a diff to
/// review; a Korean screen with an English word of the app's own fails too.
@Suite("Whole screens in English and Korean, at 80×24 and 200×60, text and styles")
struct ScreenSnapshotTests {
    static let sizes = [ScreenSize(columns: 80, rows: 24), ScreenSize(columns: 200, rows: 60)]

    static var products: [ProductSummary] {
        [
            Samples.product(8, name: "Blue Mug", vendor: "alice", price: 12000, discount: 1000),
            Samples.product(7, name: "파란 우산", vendor: "야곰상회", price: 2.36, currency: .usd, stock: 0),
            Samples.product(6, name: "Lamp", vendor: "bob", description: "Warm light.\nSecond line."),
            Samples.product(5, name: "한글 키보드 — 무접점 텐키리스", vendor: "키보드왕", price: 189_000, discount: 20_000),
            Samples.product(4, name: "Notebook", vendor: "demo", price: 3500),
            Samples.product(3, name: "Tea for two", vendor: "demo", price: 8000, stock: 1),
        ]
    }

    /// The list of `products` loaded, all of them, as the demo vendor — the state each screen starts from;
    /// each test sets the state it draws (how keys lead there is the feature tests' business).
    static func browsing(_ size: ScreenSize, _ language: Language) -> BrowserState {
        var state = BrowserState(size: size, serverLabel: "m.test:80")
        state.language = language
        state.marketURL = "http://m.test"
        state.writer = WriterIdentity(vendorID: 1, vendorName: "demo")
        state.catalog.isStarting = false
        state.catalog.allProducts = products
        state.catalog.nextPage = nil
        return state
    }

    /// What the server says when it refuses a save: its own words, in its own language.
    static let serverSaid = "secret is wrong for this vendor"

    /// Words a Korean screen may show in Latin letters: the products' own, the server's, key names,
    /// currency codes, the app's and the server's names.
    static let foreignWords: Set<String> = {
        let data = products.flatMap { [$0.name, $0.vendorName ?? "", $0.description] }
            + ["A sturdy mug for your morning coffee, made in Seoul by hand.", "Cup", "Product", serverSaid, "http://m.test/api/products/", "Mustard jar"]
            + KeyAction.allCases.map(\.rawValue)  // actions' names, as the settings file writes them (the palette shows them)
        let names = ["Enter", "Esc", "Tab", "Ctrl", "PgUp", "PgDn", "Home", "End", "Bksp", "Delete", "Space", "KRW", "USD", "openmarket", "test"]
        return Set((data + names).flatMap(latinWords))
    }()

    /// Runs of three or more Latin letters.
    static func latinWords(_ text: String) -> [String] {
        text.matches(of: /[A-Za-z]{3,}/).map { String($0.output) }
    }

    /// The screen `change` makes of the browsing state, in both languages and at both sizes, each compared with
    /// its snapshot; the Korean ones must have no word of the app's in English.
    func expectScreens(
        named name: String, sourceLocation: SourceLocation = #_sourceLocation,
        _ change: (inout BrowserState, Language) -> Void
    ) {
        for language in Language.allCases {
            for size in Self.sizes {
                var state = Self.browsing(size, language)
                change(&state, language)
                let suffix = (language == .english ? "" : ".\(language.rawValue)") + (size == Self.sizes[0] ? "" : ".\(size.columns)x\(size.rows)")
                expectSnapshot(state, named: name + suffix, sourceLocation: sourceLocation)
                guard language == .korean else { continue }
                let text = render(state).0.trimmedLines().joined(separator: "\n")
                // A product's word cut by a box over it ("War" of "Warm") is the product's too.
                let english = Self.latinWords(text).filter { word in !Self.foreignWords.contains { $0.contains(word) } }
                #expect(english.isEmpty, "English on the Korean screen \(name + suffix): \(english)\n\(text)", sourceLocation: sourceLocation)
            }
        }
    }

    /// The registration form with `name` typed, and `price`, the focus on the price after leaving it.
    static func registration(name: String, price: String = "") -> ProductFormState {
        var form = ProductFormState(registering: .krw)
        form.name = form.name.replaced(by: name)
        form.price = form.price.replaced(by: price)
        return form
    }

    @Test("the list, with wide characters")
    func list() {
        expectScreens(named: "list") { state, _ in
            state.catalog.selectedIndex = 1
        }
    }

    @Test("a search: the letters it matched marked in the list and the grid, and the status line says how it was ranked")
    func searched() {
        for kind in [LayoutKind.list, .grid] {
            expectScreens(named: "searched-\(kind)") { state, _ in
                state.catalog.layoutKind = kind
                state.catalog.query = "ㅇㅅ mu"
                state.catalog.listedQuery = "ㅇㅅ mu"
                state.catalog.searchRanking = .bestMatch
                state.catalog.selectedIndex = 1
            }
        }
    }

    @Test("the grid")
    func grid() {
        expectScreens(named: "grid") { state, language in
            state.catalog.layoutKind = .grid
            state.catalog.selectedIndex = 1
        }
    }

    @Test("the detail")
    func detail() {
        expectScreens(named: "detail") { state, language in
            var detail = DetailState(summary: Self.products[0])
            detail.detail = Samples.detail(8, description: "A sturdy mug for your morning coffee, made in Seoul by hand.")
            detail.phase = .loaded
            state.presented = [.detail(detail)]
        }
    }

    @Test("registering: typed fields, a rule broken in a field left, the focus on the price")
    func registering() {
        expectScreens(named: "form-register") { state, language in
            var form = Self.registration(name: "무선 마우스", price: "12a")
            form.visited = [.name, .description, .price, .discount]
            form.focus = .price
            state.presented = [.form(form)]
        }
    }

    @Test("editing: the server refused the save; what was typed stays, its message shows")
    func editRefused() {
        expectScreens(named: "form-edit-refused") { state, language in
            state.catalog.selectedIndex = 4
            var form = ProductFormState(editing: Self.products[4], images: Samples.detail(4, pictures: 2).images)
            form.price = form.price.replaced(by: "3900")
            form.focus = .price
            form.triedSubmit = true
            form.phase = .failed(message: OpenMarketError.httpStatus(403, message: Self.serverSaid).userMessage(in: language))
            state.presented = [.form(form)]
        }
    }

    @Test("“Discard changes?” over the form")
    func discard() {
        expectScreens(named: "question-discard") { state, language in
            state.presented = [.form(Self.registration(name: "Cup")), .confirmation(Confirmation(action: .discardChanges))]
        }
    }

    @Test("“Delete …?” with Yes chosen")
    func delete() {
        expectScreens(named: "question-delete") { state, language in
            state.catalog.selectedIndex = 4
            var question = Confirmation(action: .deleteProduct(id: 4, name: "Notebook"))
            question.yesFocused = true
            state.presented = [.confirmation(question)]
        }
    }

    @Test("two products marked, and the menu of changes to them")
    func bulkMenu() {
        expectScreens(named: "bulk-menu") { state, language in
            state.marks.products = Array(state.catalog.products.prefix(2))
            state.marks.anchor = state.catalog.products[1].id
            state.presented = [.bulk(BulkState(count: 2))]
        }
    }

    @Test("the question before a price cut of the marked products, and its progress")
    func bulkQuestion() {
        expectScreens(named: "bulk-question") { state, language in
            state.marks.products = Array(state.catalog.products.prefix(3))
            let plan = BulkPlan(.pricePercent(-20), over: state.marks.products, vendorID: nil)
            state.presented = [.confirmation(Confirmation(action: .bulk(plan)))]
        }
        expectScreens(named: "bulk-progress") { state, language in
            state.marks.products = Array(state.catalog.products.prefix(3))
            state.bulkRun = BulkRun(job: 1, deletes: false, total: 3)
            state.bulkRun?.done = 1
        }
    }

    @Test("the help")
    func help() {
        expectScreens(named: "help") { state, language in
            state.presented = [.help(HelpState())]
        }
    }

    @Test("about this market")
    func about() {
        expectScreens(named: "about") { state, language in
            state.catalog.arranger = .server
            // Each vendor its own id, as a market has them (the other screens' samples share one).
            let vendors = Dictionary(Self.products.map { ($0.vendorName ?? "", $0.vendorID) }, uniquingKeysWith: { a, _ in a }).keys.sorted()
            state.catalog.allProducts = Self.products.map { product in
                var product = product
                product.vendorID = (vendors.firstIndex(of: product.vendorName ?? "") ?? 0) + 1
                return product
            }
            state.presented = [.about(AboutState())]
        }
    }

    @Test("the search line, typing")
    func search() {
        expectScreens(named: "search-line") { state, language in
            state.presented = [.search(SearchState(query: "우산", generation: 2))]
        }
    }

    @Test("the price line, a range refused with its reason; the range in force on the status line")
    func priceLine() {
        expectScreens(named: "price-line") { state, language in
            state.catalog.filter = ProductFilter(inStockOnly: true, priceRange: PriceRange(currency: .krw, lower: 1000, upper: 30000))
            var line = PriceRangeLine(text: "500-100", defaultCurrency: .krw)
            line.problem = .priceMinAboveMax(low: "₩500", high: "₩100")
            state.presented = [.priceRange(line)]
        }
        expectScreens(named: "price-range") { state, language in
            state.catalog.order = .priceAscending
            state.catalog.filter = ProductFilter(priceRange: PriceRange(currency: .krw, lower: 1000, upper: 30000))
        }
    }

    @Test("the wish list: kept products, one sold out, one gone; the banner of a price drop over the list, the kept marked")
    func wishList() {
        expectScreens(named: "wish-list") { state, language in
            var gone = WishedProduct(state.catalog.allProducts[1])
            gone.gone = true
            let kept = [WishedProduct(state.catalog.allProducts[0]), gone, WishedProduct(state.catalog.allProducts[2])]
            state.wishes.list = WishList(kept)
            state.presented = [.wishList(WishListView(selectedIndex: 1))]
        }
        expectScreens(named: "wish-banner") { state, language in
            let first = state.catalog.allProducts[0]
            state.wishes.list = WishList([WishedProduct(first)])
            state.catalog.wishNews = [
                WishNews(id: first.id, name: first.name, currency: first.currency, change: .priceDrop(old: 12000, new: 9000, restocked: 3)),
                WishNews(id: 99, name: "Kettle", currency: first.currency, change: .gone(lastPrice: 30000)),
            ]
        }
    }

    @Test("a live market: how many are here in the title, a product just edited marked, one deleted where it stood; in the grid too")
    func live() {
        for layout in [LayoutKind.list, .grid] {
            expectScreens(named: "live-\(layout == .list ? "list" : "grid")") { state, language in
                state.catalog.layoutKind = layout
                state.live.phase = .live
                state.live.browsing = 12
                var edited = state.catalog.allProducts[1]
                edited.stock = 1
                state.catalog.allProducts[1] = edited
                state.live.fresh = [edited.id: 1]
                state.live.gone = [state.catalog.allProducts[2].id]
            }
        }
    }

    @Test("a detail with others looking at it")
    func othersLooking() {
        expectScreens(named: "detail-looking") { state, language in
            let product = state.catalog.allProducts[0]
            var detail = DetailState(summary: product)
            detail.phase = .loaded
            state.presented = [.detail(detail)]
            state.live.phase = .live
            state.live.looking = [product.id: 3]
        }
    }

    @Test("the palette: typed letters, the best matches with the matched letters marked, a product the market found")
    func palette() {
        expectScreens(named: "palette") { state, language in
            state.writer = WriterIdentity(vendorID: 1)
            var browser = BrowserTester(browser: state)
            browser.openPalette()
            browser.palette(.character("m"), query: "m", generation: 1)
            browser.palette(.character("u"), query: "mu", generation: 2)
            state = browser.state
            guard case .palette(var palette) = state.presented.last else { return }
            palette.found([Samples.product(77, name: "Mustard jar", price: 4500)], for: "mu", generation: palette.generation)
            state.presented[state.presented.count - 1] = .palette(palette)
        }
    }

    @Test("the picture window: the picture on the whole window, its caption")
    func pictureWindow() {
        expectScreens(named: "picture-window") { state, language in
            let product = state.catalog.allProducts[0]
            var detail = DetailState(summary: product)
            detail.detail = Samples.detail(product.id, pictures: 3)
            detail.phase = .loaded
            state.presented = [.detail(detail), .pictureWindow(PictureWindowState(productID: product.id, name: product.name, pictures: detail.detail!.images.map(\.url), index: 2))]
        }
    }

    @Test("the error banner and a notice on the status line")
    func bannerAndNotice() {
        expectScreens(named: "banner-notice") { state, language in
            state.catalog.pageFailure = OpenMarketError.timeout(after: .seconds(15)).userMessage(in: language)
            state.catalog.pageLoad = .failed(CatalogState.PageRequest(id: 2, page: 1, search: nil, replaces: true, keepSelectedID: 8))
            state.notice = language.text(.mineOnly(allKey: "m"))
            state.catalog.onlyVendorID = 1
        }
    }

    @Test("the start screen when the market cannot be reached")
    func startUnreachable() {
        expectScreens(named: "start-unreachable") { state, language in
            state.catalog.isStarting = true
            state.catalog.allProducts = []
            state.catalog.pageFailure = OpenMarketError.transport(endpoint: "127.0.0.1:9", reason: "connection refused")
                .userMessage(in: language)
        }
    }

    @Test("too small a terminal says so in the screen's language")
    func tooSmall() {
        for (language, words) in [(Language.english, ["Terminal too small", "30×10 — need 40×12", "q quits"]),
                                  (.korean, ["터미널이 너무 작습니다", "30×10 — 최소 40×12", "q 끝내기"])] {
            var state = Self.browsing(ScreenSize(columns: 30, rows: 10), language)
            state.catalog.isStarting = false
            let text = render(state).0.trimmedLines().joined(separator: "\n")
            for word in words { #expect(text.contains(word), "\(text)") }
        }
    }

    @Test("sorted by price, in stock only: the status line names both, loaded pages only")
    func arranged() {
        expectScreens(named: "list-arranged") { state, _ in
            state.catalog.order = .priceAscending
            state.catalog.filter = ProductFilter(inStockOnly: true)
            state.catalog.selectedIndex = 1
        }
    }

    @Test("a question over the detail: the link under its box is no longer a link")
    func linkCovered() {
        var state = Self.browsing(Self.sizes[0], .english)
        var detail = DetailState(summary: Self.products[0])
        detail.detail = Samples.detail(8, description: "A sturdy mug.")
        detail.phase = .loaded
        state.presented = [.detail(detail)]
        #expect(render(state).0.links.map(\.url) == ["http://m.test/api/products/8"])
        state.presented.append(.help(HelpState()))
        #expect(render(state).0.links.isEmpty, "help covers the Link line")
    }
}

import Foundation
import ImagePipeline
import OpenMarketAPI
import TerminalUI
import Testing

@testable import MarketFeatures

/// Every screen and widget at 80×24, text and styles together (`Screens/*.txt`): the list (with Korean
/// names), the grid, the detail, the form registering and failing to save, the questions, the help, the
/// search line, the error banner with a notice. A change to any of them shows here as a diff to review.
@Suite("Whole screens at 80×24, text and styles")
struct ScreenSnapshotTests {
    static let size = ScreenSize(columns: 80, rows: 24)

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
    static func browsing() -> BrowserState {
        var state = BrowserState(size: size, serverLabel: "m.test:80")
        state.writer = WriterIdentity(vendorID: 1, vendorName: "demo")
        state.catalog.isStarting = false
        state.catalog.allProducts = products
        state.catalog.nextPage = nil
        return state
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
        var state = Self.browsing()
        state.catalog.selectedIndex = 1
        expectSnapshot(state, named: "list")
    }

    @Test("the grid")
    func grid() {
        var state = Self.browsing()
        state.catalog.layoutKind = .grid
        state.catalog.selectedIndex = 1
        expectSnapshot(state, named: "grid")
    }

    @Test("the detail")
    func detail() {
        var state = Self.browsing()
        var detail = DetailState(summary: Self.products[0])
        detail.detail = Samples.detail(8, description: "A sturdy mug for your morning coffee, made in Seoul by hand.")
        detail.phase = .loaded
        state.presented = [.detail(detail)]
        expectSnapshot(state, named: "detail")
    }

    @Test("registering: typed fields, a rule broken in a field left, the focus on the price")
    func registering() {
        var state = Self.browsing()
        var form = Self.registration(name: "무선 마우스", price: "12a")
        form.visited = [.name, .description, .price, .discount]
        form.focus = .price
        state.presented = [.form(form)]
        expectSnapshot(state, named: "form-register")
    }

    @Test("editing: the server refused the save; what was typed stays, its message shows")
    func editRefused() {
        var state = Self.browsing()
        state.catalog.selectedIndex = 4
        var form = ProductFormState(editing: Self.products[4], images: Samples.detail(4, pictures: 2).images)
        form.price = form.price.replaced(by: "3900")
        form.focus = .price
        form.triedSubmit = true
        form.phase = .failed(message: "The server refused: secret is wrong for this vendor (403).")
        state.presented = [.form(form)]
        expectSnapshot(state, named: "form-edit-refused")
    }

    @Test("“Discard changes?” over the form")
    func discard() {
        var state = Self.browsing()
        state.presented = [.form(Self.registration(name: "Cup")), .confirmation(Confirmation(action: .discardChanges))]
        expectSnapshot(state, named: "question-discard")
    }

    @Test("“Delete …?” with Yes chosen")
    func delete() {
        var state = Self.browsing()
        state.catalog.selectedIndex = 4
        var question = Confirmation(action: .deleteProduct(id: 4, name: "Notebook"))
        question.yesFocused = true
        state.presented = [.confirmation(question)]
        expectSnapshot(state, named: "question-delete")
    }

    @Test("the help")
    func help() {
        var state = Self.browsing()
        state.presented = [.help(HelpState())]
        expectSnapshot(state, named: "help")
    }

    @Test("the search line, typing")
    func search() {
        var state = Self.browsing()
        state.presented = [.search(SearchState(query: "우산"))]
        state.searchGeneration = 2
        expectSnapshot(state, named: "search-line")
    }

    @Test("the error banner and a notice on the status line")
    func bannerAndNotice() {
        var state = Self.browsing()
        state.catalog.errorMessage = "The server did not answer in 15 s."
        state.catalog.pageLoad = .failed(CatalogState.PageRequest(id: 2, page: 1, search: nil, replaces: true, keepSelectedID: 8))
        state.notice = "My products only — m shows everything again."
        state.catalog.onlyVendorID = 1
        expectSnapshot(state, named: "banner-notice")
    }
}

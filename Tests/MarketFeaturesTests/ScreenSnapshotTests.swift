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

    /// The list of `products` loaded, with more to come, as the demo vendor.
    static func browsing() -> BrowserState {
        var state = BrowserState(size: size, serverLabel: "m.test:80")
        state.writer = WriterIdentity(vendorID: 1, vendorName: "demo")
        _ = state.handle(.started)
        let page = ProductPage(
            pageNumber: 1, itemsPerPage: 20, totalCount: 6, offset: 0, limit: 20, lastPage: 1, hasNext: false,
            hasPrev: false, products: products)
        _ = state.handle(.pageLoaded(requestID: 1, .success(page)))
        return state
    }

    static func typing(_ text: String, into state: inout BrowserState) {
        for c in text { _ = state.handle(.keyPressed(.character(c))) }
    }

    @Test("the list, with wide characters")
    func list() {
        var state = Self.browsing()
        _ = state.handle(.keyPressed(.down))
        expectSnapshot(state, named: "list")
    }

    @Test("the grid")
    func grid() {
        var state = Self.browsing()
        _ = state.handle(.keyPressed(.character("v")))
        _ = state.handle(.keyPressed(.right))
        expectSnapshot(state, named: "grid")
    }

    @Test("the detail")
    func detail() {
        var state = Self.browsing()
        _ = state.handle(.keyPressed(.enter))
        _ = state.handle(
            .presented(.detail(id: 8, .loaded(.success(Samples.detail(8, description: "A sturdy mug for your morning coffee, made in Seoul by hand."))))))
        expectSnapshot(state, named: "detail")
    }

    @Test("registering: typed fields, a rule broken in a field left, the focus on the price")
    func registering() {
        var state = Self.browsing()
        _ = state.handle(.keyPressed(.character("n")))
        Self.typing("무선 마우스", into: &state)
        _ = state.handle(.keyPressed(.tab))
        _ = state.handle(.keyPressed(.tab))
        Self.typing("12a", into: &state)
        _ = state.handle(.keyPressed(.tab))
        _ = state.handle(.keyPressed(.backTab))
        expectSnapshot(state, named: "form-register")
    }

    @Test("editing: the server refused the save; what was typed stays, its message shows")
    func editRefused() {
        var state = Self.browsing()
        for _ in 0..<4 { _ = state.handle(.keyPressed(.down)) }
        _ = state.handle(.keyPressed(.character("e")))
        _ = state.handle(.presented(.form(.edit(productID: 4), .imagesLoaded(.success(Samples.detail(4, pictures: 2))))))
        state.form?.focus = .price
        _ = state.handle(.keyPressed(.control("u")))
        Self.typing("3900", into: &state)
        _ = state.handle(.keyPressed(.control("s")))
        _ = state.handle(
            .presented(.form(.edit(productID: 4), .submitted(.failure(BrowserFailure("The server refused: secret is wrong for this vendor (403)."))))))
        expectSnapshot(state, named: "form-edit-refused")
    }

    @Test("“Discard changes?” over the form")
    func discard() {
        var state = Self.browsing()
        _ = state.handle(.keyPressed(.character("n")))
        Self.typing("Cup", into: &state)
        _ = state.handle(.keyPressed(.escape))
        expectSnapshot(state, named: "question-discard")
    }

    @Test("“Delete …?” with Yes chosen")
    func delete() {
        var state = Self.browsing()
        for _ in 0..<4 { _ = state.handle(.keyPressed(.down)) }
        _ = state.handle(.keyPressed(.character("d")))
        _ = state.handle(.keyPressed(.right))
        expectSnapshot(state, named: "question-delete")
    }

    @Test("the help")
    func help() {
        var state = Self.browsing()
        _ = state.handle(.keyPressed(.character("?")))
        expectSnapshot(state, named: "help")
    }

    @Test("the search line, typing")
    func search() {
        var state = Self.browsing()
        _ = state.handle(.keyPressed(.character("/")))
        Self.typing("우산", into: &state)
        expectSnapshot(state, named: "search-line")
    }

    @Test("the error banner and a notice on the status line")
    func bannerAndNotice() {
        var state = Self.browsing()
        _ = state.handle(.keyPressed(.character("r")))
        _ = state.handle(.pageLoaded(requestID: 2, .failure(BrowserFailure("The server did not answer in 15 s."))))
        _ = state.handle(.keyPressed(.character("m")))
        expectSnapshot(state, named: "banner-notice")
    }
}

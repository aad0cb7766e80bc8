import Foundation
import ImagePipeline
import Mocks
import OpenMarketAPI
import TerminalUI
import Testing

@testable import MarketFeatures

/// What is presented over the list is one stack; each test sends events and compares the whole new
/// state with the one expected, so any change nobody asked for fails.
@Suite("What is presented over the list")
struct PresentationTests {
    static func writerState() -> BrowserState {
        var state = Samples.loaded()
        state.writer = WriterIdentity(vendorID: 1, vendorName: "demo")
        return state
    }

    @Test("Enter presents the detail; its answer fills it; q takes it away and nothing else changes")
    func detailLifecycle() {
        var browser = BrowserTester(browser: Samples.loaded())
        var detail = DetailState(summary: Samples.product(100))
        browser.send(.keyPressed(.enter), effects: [.loadDetail(id: 100)]) { $0.presented = [.detail(detail)] }
        detail.phase = .loaded
        detail.detail = Samples.detail(100)
        browser.send(.presented(.detail(id: 100, .loaded(.success(Samples.detail(100)))))) { $0.presented = [.detail(detail)] }
        browser.send(.keyPressed(.character("q"))) { $0.presented = [] }
    }

    @Test("? over the detail: help on top, any key closes only the help; the hints stay the detail's")
    func helpOverDetail() {
        var browser = BrowserTester(browser: Samples.loaded())
        let detail = Presentation.detail(DetailState(summary: Samples.product(100)))
        browser.send(.keyPressed(.enter), effects: [.loadDetail(id: 100)]) { $0.presented = [detail] }
        browser.send(.keyPressed(.character("?"))) { $0.presented = [detail, .help(HelpState())] }
        let lines = render(browser.state).0.trimmedLines()
        #expect(lines.contains { $0.contains("Keys") })
        #expect(lines.last?.contains("picture") == true, "the detail's hints under the help")
        browser.send(.keyPressed(.character("j"))) { $0.presented = [detail] }  // the key that closes the help does nothing else
    }

    @Test("c cycles the colours in the list and in the detail alike (one place handles it)")
    func colourEverywhere() {
        var list = BrowserTester(browser: Samples.loaded())
        list.send(.keyPressed(.character("c"))) { $0.colorMode = .color16 }

        var detail = BrowserTester(browser: Samples.loaded())
        detail.send(.keyPressed(.enter), effects: [.loadDetail(id: 100)]) {
            $0.presented = [.detail(DetailState(summary: Samples.product(100)))]
        }
        detail.send(.keyPressed(.character("c"))) { $0.colorMode = .color16 }
    }

    @Test("d in the detail asks over it; yes deletes; the answer removes the detail and the product")
    func deleteFromDetail() {
        var browser = BrowserTester(browser: Self.writerState())
        let detail = Presentation.detail(DetailState(summary: Samples.product(100)))
        browser.send(.keyPressed(.enter), effects: [.loadDetail(id: 100)]) { $0.presented = [detail] }
        browser.send(.keyPressed(.character("d"))) {
            $0.presented = [detail, .confirmation(Confirmation(action: .deleteProduct(id: 100, name: "Product 100")))]
        }
        browser.send(.keyPressed(.character("y")), effects: [.deleteProduct(id: 100)]) {
            $0.presented = [detail]
            $0.deleting = [100]
        }
        browser.send(.productDeleted(id: 100, .success(Samples.detail(100)))) {
            $0.presented = []
            $0.deleting = []
            $0.undoable = .delete([Samples.product(100)])
            $0.catalog.allProducts.removeFirst()
            $0.notice = "Deleted “Product 100”."
        }
        #expect(browser.state.catalog.products.map(\.id) == Array((81...99).reversed()))
        #expect(browser.state.catalog.products.first?.id == 99 && browser.state.detail == nil, "the detail closed with it")
    }

    @Test("e in the detail opens the form over it; a save updates the detail under it and the list")
    func editFromDetail() {
        var browser = BrowserTester(browser: Self.writerState())
        let listed = browser.state.catalog.products[0]
        let loaded = Samples.detail(100)
        var detail = DetailState(summary: listed)
        browser.send(.keyPressed(.enter), effects: [.loadDetail(id: 100)]) { $0.presented = [.detail(detail)] }
        detail.phase = .loaded
        detail.detail = loaded
        browser.send(.presented(.detail(id: 100, .loaded(.success(loaded))))) { $0.presented = [.detail(detail)] }
        browser.send(.keyPressed(.character("e"))) {  // the detail's pictures are known: none asked for
            $0.presented = [.detail(detail), .form(ProductFormState(editing: listed, images: loaded.images))]
        }
        browser.send(.keyPressed(.control("u"))) { $0.changeForm { $0.name = $0.name.replaced(by: "") } }
        browser.type("Renamed", intoForm: \.name)
        browser.send(.keyPressed(.control("s")), effects: [.updateProduct(id: 100, changes: ProductChanges(name: "Renamed"))]) {
            $0.changeForm {
                $0.triedSubmit = true
                $0.phase = .submitting(progress: nil)
            }
        }
        var saved = loaded
        saved.name = "Renamed"
        var renamed = saved.summary
        renamed.vendorName = listed.vendorName
        browser.send(.presented(.form(.edit(productID: 100), .submitted(.success(saved))))) {
            detail.summary = renamed
            detail.detail = saved
            $0.presented = [.detail(detail)]
            $0.catalog.allProducts[0] = renamed
            $0.notice = "Saved “Renamed”."
        }
    }

    @Test("the search line takes every key; Enter applies the query and closes it; Esc in the list clears it")
    func searchLine() {
        var browser = BrowserTester(browser: Samples.loaded())
        browser.send(.keyPressed(.character("/"))) { $0.presented = [.search(SearchState())] }
        browser.send(.keyPressed(.character("q")), effects: [.scheduleSearch(generation: 1, after: .milliseconds(300))]) {
            $0.presented = [.search(SearchState(query: "q", generation: 1))]  // q is typed, not quit
        }
        browser.send(.keyPressed(.enter), effects: [.loadPage(requestID: 2, page: 1, itemsPerPage: 20, search: "q")]) {
            $0.presented = []
            $0.catalog.query = "q"
            $0.catalog.nextPage = 1
            $0.catalog.pageLoad = .loading(2, page: 1, search: "q", replaces: true)
            $0.catalog.nextRequestID = 3
        }
        browser.send(.presented(.search(.paused(generation: 1))))  // the typing's timer, after the line closed: nothing
        let found = Samples.page(1)
        browser.send(.pageLoaded(requestID: 2, .success(found))) {
            $0.catalog.nextPage = 2
            $0.catalog.pageLoad = .idle
            $0.catalog.listedQuery = "q"
            $0.catalog.searchRanking = .substring
            $0.catalog.allProducts = found.products
        }
        browser.send(.keyPressed(.escape), effects: [.loadPage(requestID: 3, page: 1, itemsPerPage: 20, search: nil)]) {
            $0.catalog.query = nil
            $0.catalog.pageLoad = .loading(3, page: 1, replaces: true, keep: 100)
            $0.catalog.nextRequestID = 4
        }
    }

    @Test("a debounce that fires after the line closed applies nothing")
    func staleDebounce() {
        var browser = BrowserTester(browser: Samples.loaded())
        browser.send(.keyPressed(.character("/"))) { $0.presented = [.search(SearchState())] }
        browser.send(.keyPressed(.character("x")), effects: [.scheduleSearch(generation: 1, after: .milliseconds(300))]) {
            $0.presented = [.search(SearchState(query: "x", generation: 1))]
        }
        browser.send(.keyPressed(.escape)) { $0.presented = [] }
        browser.send(.presented(.search(.paused(generation: 1))))
    }

    @Test("clicks: ignored under a question or the form, close the help, reach the list under the search line")
    func mouseRouting() {
        let click = MouseEvent(kind: .press, x: 20, y: Self.writerState().layout.frame(of: 2, scrollRow: 0)!.y + 1)

        var asking = BrowserTester(browser: Self.writerState())
        asking.send(.keyPressed(.character("d"))) {
            $0.presented = [.confirmation(Confirmation(action: .deleteProduct(id: 100, name: "Product 100")))]
        }
        asking.send(.mouse(click))  // under a question: nothing

        var filling = BrowserTester(browser: Self.writerState())
        filling.send(.keyPressed(.character("n"))) { $0.presented = [.form(ProductFormState(registering: .krw))] }
        filling.send(.mouse(click))  // under the form: nothing

        var help = BrowserTester(browser: Samples.loaded())
        help.send(.keyPressed(.character("?"))) { $0.presented = [.help(HelpState())] }
        help.send(.mouse(click)) { $0.presented = [] }  // the click only closes the help

        var searching = BrowserTester(browser: Samples.loaded())
        searching.send(.keyPressed(.character("/"))) { $0.presented = [.search(SearchState())] }
        searching.send(.mouse(click)) { $0.catalog.selectedIndex = 2 }  // the line stays
    }

    @Test("“Discard changes?” is the same question as a delete's, over the form: No by default keeps the form and what was typed; q and n say no; moving to Yes (→, l, Tab) and Enter, or y, close the form unsaved")
    func discardQuestion() throws {
        var browser = BrowserTester(browser: Self.writerState())
        browser.send(.keyPressed(.character("n"))) { $0.presented = [.form(ProductFormState(registering: .krw))] }
        browser.type("Mug", intoForm: \.name)
        let typed = browser.state.presented
        let question = Confirmation(action: .discardChanges)
        browser.send(.keyPressed(.escape)) { $0.presented.append(.confirmation(question)) }  // the question over the form
        let screen = render(browser.state).0.trimmedLines().joined(separator: "\n")
        #expect(screen.contains("Discard changes?") && screen.contains("[ No ]") && screen.contains("[ Yes ]"))
        let hintLine = screen.split(separator: "\n").last.map(String.init) ?? ""
        #expect(hintLine.contains("y yes") && !hintLine.contains("field"), "the question's keys, not the form's: \(hintLine)")
        let asked = browser.state

        for no in [KeyEvent.enter, .character("n"), .character("q"), .escape] {
            var answering = BrowserTester(browser: asked)
            answering.send(.keyPressed(no)) { $0.presented = typed }  // the form stays with its text
        }
        var yes = question
        yes.yesFocused = true
        for moveToYes in [KeyEvent.right, .character("l"), .tab] {
            var answering = BrowserTester(browser: asked)
            answering.send(.keyPressed(moveToYes)) { $0.presented = typed + [.confirmation(yes)] }
            answering.send(.keyPressed(.enter)) { $0.presented = [] }  // closed, nothing saved
        }
        var answering = BrowserTester(browser: asked)
        answering.send(.keyPressed(.character("y"))) { $0.presented = [] }
    }

    @Test("Ctrl-C quits whatever is presented, changing nothing first")
    func controlC() {
        let detail = Presentation.detail(DetailState(summary: Samples.product(100)))
        let opened: [(keys: [KeyEvent], effects: [BrowserEffect], presented: [Presentation])] = [
            ([], [], []),
            ([.enter], [.loadDetail(id: 100)], [detail]),
            ([.character("?")], [], [.help(HelpState())]),
            ([.character("/")], [], [.search(SearchState())]),
        ]
        for (keys, effects, presented) in opened {
            var browser = BrowserTester(browser: Samples.loaded())
            for key in keys { browser.send(.keyPressed(key), effects: effects) { $0.presented = presented } }
            browser.send(.keyPressed(.control("c")), effects: [.quit])
        }
        var helpOverDetail = BrowserTester(browser: Samples.loaded())
        helpOverDetail.send(.keyPressed(.enter), effects: [.loadDetail(id: 100)]) { $0.presented = [detail] }
        helpOverDetail.send(.keyPressed(.character("?"))) { $0.presented = [detail, .help(HelpState())] }
        helpOverDetail.send(.keyPressed(.control("c")), effects: [.quit])
    }

    @Test("a notice stays under a question and goes with the next key that reaches the list")
    func notices() {
        var browser = BrowserTester(browser: Samples.loaded())
        browser.send(.keyPressed(.character("n"))) {
            $0.notice = "No vendor identity: start with --identifier and --secret to register products."
        }
        browser.send(.keyPressed(.down)) {
            $0.notice = nil
            $0.catalog.selectedIndex = 1
        }
    }

    @Test("the spinner counts ticks; the theme picks the frame, whatever its frame count")
    func spinner() {
        var browser = BrowserTester(browser: Samples.loaded())
        for tick in 1...23 { browser.send(.spinnerTicked) { $0.spinnerFrame = tick } }
        #expect(Theme(mode: .color256).spinner(at: 23) == "⠸")
        #expect(Theme(mode: .color256, ascii: true).spinner(at: 23) == "\\")
        #expect(Theme(mode: .color256).spinner(at: -1) == "⠏")
    }

    @Test("an answer goes only to the layer it is addressed to; one for a feature no longer open changes nothing")
    func answersAreAddressed() {
        var editing = BrowserTester(browser: Self.writerState())
        editing.send(.keyPressed(.character("e")), effects: [.loadFormImages(id: 100)]) {
            $0.presented = [.form(ProductFormState(editing: Samples.product(100)))]
        }
        // A late registration's answer, another product's pictures, a detail not open: none changes anything.
        editing.send(.presented(.form(.edit(productID: 101), .imagesLoaded(.success(Samples.detail(101, pictures: 3))))))
        editing.send(.presented(.form(.register, .submitted(.success(Samples.detail(500))))))
        editing.send(.presented(.detail(id: 100, .loaded(.success(Samples.detail(100))))))

        var closed = BrowserTester(browser: Self.writerState())  // the form closed before its answer came
        closed.send(.presented(.form(.edit(productID: 100), .submitted(.success(Samples.detail(100))))))
    }

    @Test("each layer's work names the layer it is for, the runtime's key to cancel it once that layer closes; the browser's own names none")
    func owners() {
        let owned: [(BrowserEffect, PresentationID?)] = [
            (.loadDetail(id: 4), .detail(productID: 4)),
            (.loadFormImages(id: 7), .form(.edit(productID: 7))),
            (.completePath("/tmp/c"), .form(.register)),
            (.preparePicture(path: "/tmp/c.jpg", preview: PreviewSize(columns: 4, rows: 2), palette: .xterm256), .form(.register)),
            (.scheduleSearch(generation: 2, after: .milliseconds(300)), .search),
            (.schedulePaletteSearch(generation: 1, after: .milliseconds(400)), .palette),
            (.searchPalette(query: "mu", generation: 1), .palette),
            (.loadPage(requestID: 1, page: 1, itemsPerPage: 20, search: nil), nil),
            (.deleteProduct(id: 4), nil),
            (.saveWishList([], generation: 1), nil),
        ]
        for (effect, owner) in owned { #expect(effect.owner == owner, "\(effect)") }
        var state = Samples.loaded()
        state.presented = [.detail(DetailState(id: 4)), .help(HelpState()), .palette(PaletteState(entries: []))]
        #expect(state.presentedIDs == [.detail(productID: 4), .help, .palette])
    }
}

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
        var state = Samples.loaded()
        _ = state.handle(.keyPressed(.enter))
        let withDetail = state
        _ = state.handle(.keyPressed(.character("?")))
        var expected = withDetail
        expected.presented.append(.help(HelpState()))
        #expect(state == expected)
        let lines = render(state).0.trimmedLines()
        #expect(lines.contains { $0.contains("Keys") })
        #expect(lines.last?.contains("picture") == true, "the detail's hints under the help")
        _ = state.handle(.keyPressed(.character("j")))
        #expect(state == withDetail, "the key that closes the help does nothing else")
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
            $0.catalog.allProducts.removeFirst()
            $0.notice = "Deleted “Product 100”."
        }
        #expect(browser.state.catalog.products.map(\.id) == Array((81...99).reversed()))
        #expect(browser.state.catalog.products.first?.id == 99 && browser.state.detail == nil, "the detail closed with it")
    }

    @Test("e in the detail opens the form over it; a save updates the detail under it and the list")
    func editFromDetail() {
        var state = Self.writerState()
        _ = state.handle(.keyPressed(.enter))
        _ = state.handle(.presented(.detail(id: 100, .loaded(.success(Samples.detail(100))))))
        #expect(state.handle(.keyPressed(.character("e"))).isEmpty, "the detail's pictures are known")
        guard case .form(let form) = state.presented.last else {
            Issue.record("no form on top")
            return
        }
        #expect(state.presented.count == 2 && form.productID == 100 && form.images.count == 3)
        var saved = Samples.detail(100)
        saved.name = "Renamed"
        state.form?.focus = .name
        _ = state.handle(.keyPressed(.control("u")))
        for c in "Renamed" { _ = state.handle(.keyPressed(.character(c))) }
        let effects = state.handle(.keyPressed(.control("s")))
        #expect(effects == [.updateProduct(id: 100, changes: ProductChanges(name: "Renamed"))])
        _ = state.handle(.presented(.form(.edit(productID: 100), .submitted(.success(saved)))))
        guard case .detail(let detail)? = state.presented.last, state.presented.count == 1 else {
            Issue.record("the detail is not back on top: \(state.presented)")
            return
        }
        #expect(detail.summary.name == "Renamed" && detail.detail == saved)
        #expect(state.catalog.products.first?.name == "Renamed")
        #expect(state.notice == "Saved “Renamed”.")
    }

    @Test("the search line takes every key; Enter applies the query and closes it; Esc in the list clears it")
    func searchLine() {
        var state = Samples.loaded()
        let before = state
        _ = state.handle(.keyPressed(.character("/")))
        var expected = before
        expected.presented = [.search(SearchState())]
        #expect(state == expected)

        #expect(state.handle(.keyPressed(.character("q"))) == [.scheduleSearch(generation: 1, after: .milliseconds(300))])
        expected.presented = [.search(SearchState(query: "q"))]
        expected.searchGeneration = 1
        #expect(state == expected, "q is typed, not quit")

        let effects = state.handle(.keyPressed(.enter))
        #expect(effects == [.loadPage(requestID: 2, page: 1, itemsPerPage: 20, search: "q")])
        #expect(state.presented.isEmpty && state.catalog.query == "q")

        _ = state.handle(.pageLoaded(requestID: 2, .success(Samples.page(1))))
        #expect(state.handle(.keyPressed(.escape)) == [.loadPage(requestID: 3, page: 1, itemsPerPage: 20, search: nil)])
        #expect(state.catalog.query == nil)
    }

    @Test("a debounce that fires after the line closed applies nothing")
    func staleDebounce() {
        var state = Samples.loaded()
        _ = state.handle(.keyPressed(.character("/")))
        _ = state.handle(.keyPressed(.character("x")))
        var browser = BrowserTester(browser: state)
        browser.send(.keyPressed(.escape)) {
            $0.presented = []
            $0.searchGeneration = 2
        }
        browser.send(.searchDebounceElapsed(generation: 1))
    }

    @Test("clicks: ignored under a question or the form, close the help, reach the list under the search line")
    func mouseRouting() {
        var state = Self.writerState()
        let click = MouseEvent(kind: .press, x: 20, y: state.layout.frame(of: 2, scrollRow: 0)!.y + 1)
        _ = state.handle(.keyPressed(.character("d")))
        let asking = state
        #expect(state.handle(.mouse(click)).isEmpty)
        #expect(state == asking)

        var form = Self.writerState()
        _ = form.handle(.keyPressed(.character("n")))
        let filling = form
        _ = form.handle(.mouse(click))
        #expect(form == filling)

        var help = Samples.loaded()
        _ = help.handle(.keyPressed(.character("?")))
        _ = help.handle(.mouse(click))
        #expect(help.presented.isEmpty && help.catalog.selectedIndex == 0, "the click only closes the help")

        var searching = Samples.loaded()
        _ = searching.handle(.keyPressed(.character("/")))
        _ = searching.handle(.mouse(click))
        #expect(searching.catalog.selectedIndex == 2 && searching.searchLine != nil)
    }

    @Test("“Discard changes?” is the same question as a delete's, over the form: No by default keeps the form and what was typed; q and n say no; moving to Yes (→, l, Tab) and Enter, or y, close the form unsaved")
    func discardQuestion() throws {
        func typedForm() -> BrowserState {
            var state = Self.writerState()
            _ = state.handle(.keyPressed(.character("n")))
            for c in "Mug" { _ = state.handle(.keyPressed(.character(c))) }
            return state
        }
        func formName(_ state: BrowserState) -> String? {
            for case .form(let form) in state.presented { return form.name.text }
            return nil
        }
        var state = typedForm()
        #expect(state.handle(.keyPressed(.escape)) == [])
        #expect(state.presented.last == .confirmation(Confirmation(action: .discardChanges)))
        #expect(state.presented.count == 2, "the question over the form")
        let screen = render(state).0.trimmedLines().joined(separator: "\n")
        #expect(screen.contains("Discard changes?") && screen.contains("[ No ]") && screen.contains("[ Yes ]"))
        let hintLine = screen.split(separator: "\n").last.map(String.init) ?? ""
        #expect(hintLine.contains("y yes") && !hintLine.contains("field"), "the question's keys, not the form's: \(hintLine)")

        for no in [KeyEvent.enter, .character("n"), .character("q"), .escape] {
            var answering = state
            #expect(answering.handle(.keyPressed(no)) == [], "\(no)")
            #expect(answering.presented.count == 1 && formName(answering) == "Mug", "\(no) keeps the form and its text")
        }
        for yes in [[KeyEvent.right, .enter], [.character("l"), .enter], [.tab, .enter], [.character("y")]] {
            var answering = state
            for key in yes { _ = answering.handle(.keyPressed(key)) }
            #expect(answering.presented.isEmpty, "\(yes) closes the form")
            #expect(!answering.catalog.products.contains { $0.name == "Mug" }, "nothing saved")
        }
    }

    @Test("Ctrl-C quits whatever is presented")
    func controlC() {
        for keys in [[], [KeyEvent.enter], [.character("?")], [.character("/")], [.enter, .character("?")]] {
            var state = Samples.loaded()
            for key in keys { _ = state.handle(.keyPressed(key)) }
            #expect(state.handle(.keyPressed(.control("c"))) == [.quit], "after \(keys)")
        }
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
        var state = Samples.loaded()
        for _ in 0..<23 { _ = state.handle(.spinnerTicked) }
        #expect(state.spinnerFrame == 23)
        #expect(Theme(mode: .color256).spinner(at: 23) == "⠸")
        #expect(Theme(mode: .color256, ascii: true).spinner(at: 23) == "\\")
        #expect(Theme(mode: .color256).spinner(at: -1) == "⠏")
    }

    @Test("an answer goes only to the layer it is addressed to; one for a feature no longer open changes nothing")
    func answersAreAddressed() {
        var state = Self.writerState()
        _ = state.handle(.keyPressed(.character("e")))
        #expect(state.form?.productID == 100)
        // A late registration's answer, another product's pictures, a detail not open: none changes anything.
        var editing = BrowserTester(browser: state)
        editing.send(.presented(.form(.edit(productID: 101), .imagesLoaded(.success(Samples.detail(101, pictures: 3))))))
        editing.send(.presented(.form(.register, .submitted(.success(Samples.detail(500))))))
        editing.send(.presented(.detail(id: 100, .loaded(.success(Samples.detail(100))))))

        var closed = BrowserTester(browser: Self.writerState())  // the form closed before its answer came
        closed.send(.presented(.form(.edit(productID: 100), .submitted(.success(Samples.detail(100))))))
    }
}

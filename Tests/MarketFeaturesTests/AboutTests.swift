import Foundation
import Localization
import OpenMarketAPI
import TerminalUI
import Testing

@testable import MarketFeatures

/// "About this market": opened by its key over the list or a detail (and the wish list), with what the
/// browser knows as it is drawn — each fact it does not know said as not known; any key closes it and does
/// nothing else.
@Suite("About this market")
struct AboutTests {
    @Test("a over the list: the facts of one page loaded (it echoed no listing: the browser orders), the wish list read and empty, no vendor; any key closes it, and only closes it")
    func overTheList() {
        var browser = BrowserTester(browser: Samples.loaded())
        browser.send(.keyPressed(.character("a"))) { $0.presented = [.about(AboutState())] }
        #expect(
            AboutFacts(browser.state) == AboutFacts(
                market: "", address: nil, arrangedByMarket: false, loaded: 20, vendors: 1, more: true, searched: false, kept: 0,
                wishPlace: .file, writer: nil))
        browser.send(.keyPressed(.character("q"))) { $0.presented = [] }
        browser.send(.keyPressed(.character("a"))) { $0.presented = [.about(AboutState())] }
        browser.send(.mouse(MouseEvent(kind: .press, x: 3, y: 3))) { $0.presented = [] }
    }

    @Test("over a detail, with a vendor, the market's address, a search of two vendors' products and the wish list still being read")
    func overADetail() {
        var state = BrowserState(size: ScreenSize(columns: 120, rows: 40), serverLabel: "embedded")
        state.marketURL = "http://127.0.0.1:8080"
        state.writer = WriterIdentity(vendorID: 3, vendorName: "Mina")
        state.wishes = WishesState(place: .visitorKey, phase: .reading(droppedMeanwhile: []))
        state.catalog.isStarting = false
        state.catalog.allProducts = [Samples.product(9, vendorID: 3), Samples.product(8, vendorID: 1), Samples.product(7, vendorID: 3)]
        state.catalog.nextPage = nil
        state.catalog.query = "mug"
        state.catalog.listedQuery = "mug"
        state.catalog.arranger = .courseAPI
        state.presented = [.detail(DetailState(summary: Samples.product(9, vendorID: 3)))]
        var browser = BrowserTester(browser: state)
        browser.send(.keyPressed(.character("a"))) {
            $0.presented.append(.about(AboutState()))
        }
        let facts = AboutFacts(
            market: "embedded", address: "http://127.0.0.1:8080", arrangedByMarket: false, loaded: 3, vendors: 2, more: false,
            searched: true, kept: nil, wishPlace: .visitorKey, writer: WriterIdentity(vendorID: 3, vendorName: "Mina"))
        #expect(AboutFacts(browser.state) == facts)
        var screen = render(browser.state).0.trimmedLines().joined(separator: "\n")
        #expect(screen.contains("being read"), "\(screen)")
        // The kept list arrives while the box is open: the box says so at the next frame (it is read, not kept).
        browser.send(.wishListLoaded([WishedProduct(Samples.product(5))]), effects: [.checkWishes(ids: [5])]) {
            $0.wishes = WishesState(list: WishList([WishedProduct(Samples.product(5))]), place: .visitorKey, phase: .ready(looking: true))
        }
        screen = render(browser.state).0.trimmedLines().joined(separator: "\n")
        #expect(screen.contains("1 product kept") && !screen.contains("being read"), "\(screen)")
        browser.send(.keyPressed(.escape)) { $0.presented.removeLast() }
    }

    @Test("its lines, in English: every fact labelled once, the wish list's place under its count")
    func lines() {
        let about = AboutFacts(
            market: "embedded", address: nil, arrangedByMarket: nil, loaded: 1, vendors: 1, more: false, searched: false, kept: nil,
            wishPlace: .session, writer: nil)
        let lines = about.facts.map { "\(Language.english.text(.about($0.label))): \(Language.english.text($0.value))" }
        #expect(lines == [
            "Market: embedded",
            "Address: not known",
            "Order: not known yet (newest first so far)",
            "Products: 1 loaded from 1 vendor; that is all the market lists",
            "Wish list: being read",
            "Wish list: Kept for this session only: your SSH client offered no key to keep it under.",
            "You: reading only (no vendor identity)",
        ])
    }

    @Test("in a 44×14 window the facts scroll as help does: ↓ shows the last of them, ↑ goes back, the arrows say where there is more, another key closes; where they fit, ↓ closes")
    func scrollsWhenSmall() {
        var browser = BrowserTester(browser: Samples.loaded(size: ScreenSize(columns: 44, rows: 14)))
        browser.send(.keyPressed(.character("a"))) { $0.presented = [.about(AboutState())] }
        var screen = render(browser.state).0.trimmedLines()
        #expect(!screen.joined().contains("reading only") && screen.joined().contains("↓"), "\(screen.joined(separator: "\n"))")
        browser.send(.keyPressed(.character("j"))) { $0.presented = [.about(AboutState(offset: 1))] }
        browser.send(.keyPressed(.pageDown)) { $0.presented = [.about(AboutState(offset: 2))] }  // the last two rows
        browser.send(.keyPressed(.character("j")))  // at the end: stays
        screen = render(browser.state).0.trimmedLines()
        #expect(screen.joined().contains("reading only") && screen.joined().contains("↑"), "\(screen.joined(separator: "\n"))")
        browser.send(.keyPressed(.character("k"))) { $0.presented = [.about(AboutState(offset: 1))] }
        browser.send(.keyPressed(.character("x"))) { $0.presented = [] }
        var roomy = BrowserTester(browser: Samples.loaded())
        roomy.send(.keyPressed(.character("a"))) { $0.presented = [.about(AboutState())] }
        roomy.send(.keyPressed(.character("j"))) { $0.presented = [] }
    }
}

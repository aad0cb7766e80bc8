import Foundation
import Localization
import OpenMarketAPI
import TerminalUI
import Testing

@testable import MarketFeatures

/// The wish list: keeping and dropping, what a look at the market makes news of (once each), and the
/// browser's keys, banner and view over it.
@Suite("The wish list")
struct WishListTests {
    @Test("f keeps, f again drops; the list keeps at most 200, newest kept first, no product twice")
    func keeping() {
        var list = WishList()
        #expect(list.toggle(Samples.product(1)) == true && list.toggle(Samples.product(2)) == true)
        #expect(list.products.map(\.id) == [2, 1])
        #expect(list.toggle(Samples.product(1)) == false && list.products.map(\.id) == [2])
        var full = WishList((1...WishList.limit).map { WishedProduct(Samples.product($0)) })
        #expect(full.toggle(Samples.product(999)) == nil && full.count == WishList.limit)
        #expect(WishList([WishedProduct(Samples.product(3)), WishedProduct(Samples.product(3))]).count == 1, "a damaged list with twins")
    }

    @Test("news: a price drop, a discount, back in stock, deletion — each once and one a look, the prices before and now named; a rise or less stock is kept quietly, so a later drop is news again")
    func news() {
        var list = WishList([WishedProduct(Samples.product(7, name: "Mug", price: 12000, stock: 0))])
        let dropped = Samples.product(7, name: "Mug", price: 9000, stock: 0)
        #expect(list.compare(id: 7, with: dropped) == [WishNews(id: 7, name: "Mug", currency: .krw, change: .priceDrop(old: 12000, new: 9000))])
        #expect(list.compare(id: 7, with: dropped) == [], "the same change is not news twice")
        let discounted = Samples.product(7, name: "Mug", price: 9000, discount: 1000, stock: 4)
        #expect(
            list.compare(id: 7, with: discounted) == [
                WishNews(id: 7, name: "Mug", currency: .krw, change: .discount(old: 9000, new: 8000, restocked: 4))
            ], "cheaper and back in stock at once: one piece of news")
        #expect(list.compare(id: 7, with: Samples.product(7, name: "Mug", price: 15000, stock: 1)) == [], "dearer, less stock: quiet")
        #expect(list.compare(id: 7, with: Samples.product(7, name: "Mug", price: 14000, stock: 1)).map(\.change) == [.priceDrop(old: 15000, new: 14000)])
        #expect(list.compare(id: 7, with: Samples.product(7, name: "Mug", price: 14000, stock: 0)) == [], "sold out: quiet")
        #expect(
            list.compare(id: 7, with: Samples.product(7, name: "Mug", price: 16000, stock: 2)).map(\.change) == [.backInStock(2, old: 14000, new: 16000)],
            "back in stock, dearer: the prices before and now")
        #expect(list.compare(id: 7, with: nil) == [WishNews(id: 7, name: "Mug", currency: .krw, change: .gone(lastPrice: 16000))])
        #expect(list.compare(id: 7, with: nil) == [] && list.products[0].gone)
        #expect(list.compare(id: 8, with: dropped) == [], "not on the list")
        var dollars = WishList([WishedProduct(Samples.product(9, price: 5, currency: .usd))])
        #expect(dollars.compare(id: 9, with: Samples.product(9, price: 4000)) == [], "another currency is not a price drop")
    }

    @Test("the banner's words name the product's prices before and now, in both languages")
    func newsWords() {
        let mug = { (change: WishNews.Change) in WishNews(id: 7, name: "Mug", currency: .krw, change: change).phrase }
        #expect(Language.english.text(.wishBanner(name: "Mug", change: mug(.priceDrop(old: 12000, new: 9000, restocked: 3)), more: 0, listKey: "F")).contains("₩12,000 → ₩9,000, price dropped, back in stock (3)"))
        #expect(Language.english.text(.wishBanner(name: "Mug", change: mug(.backInStock(2, old: 9000, new: 9000)), more: 0, listKey: "F")).contains("back in stock (2) at ₩9,000"))
        #expect(Language.english.text(.wishBanner(name: "Mug", change: mug(.gone(lastPrice: 9000)), more: 0, listKey: "F")).contains("gone from the market (was ₩9,000)"))
        #expect(Language.korean.text(.wishBanner(name: "Mug", change: mug(.gone(lastPrice: 9000)), more: 0, listKey: "F")).contains("₩9,000"))
    }

    @Test("a banner too wide for the window: the count of more news goes first, then the name gives way; the prices and the key stay whole")
    func bannerFits() {
        let news = { (name: String) in
            [
                WishNews(id: 7, name: name, currency: .krw, change: .priceDrop(old: 12000, new: 9000, restocked: 3)),
                WishNews(id: 8, name: "Kettle", currency: .krw, change: .gone(lastPrice: 30000)),
            ]
        }
        for (columns, name, expected) in [
            (120, "A long name for a mug", "♥ A long name for a mug: ₩12,000 → ₩9,000, price dropped, back in stock (3) · 1 more · F wish list"),
            (80, "Blue Mug", "♥ Blue Mug: ₩12,000 → ₩9,000, price dropped, back in stock (3) · F wish list"),
            (80, "A long name for a mug", "♥ A long nam…: ₩12,000 → ₩9,000, price dropped, back in stock (3) · F wish list"),
        ] {
            var state = Samples.loaded(size: ScreenSize(columns: columns, rows: 24))
            state.catalog.wishNews = news(name)
            let banner = render(state).0.trimmedLines()[1]
            #expect(banner == " " + expected, "\(columns) columns")
        }
    }

    @Test("each look asks about ten at most, round the list, never the gone")
    func looks() {
        var list = WishList((1...13).map { WishedProduct(Samples.product($0)) })
        #expect(list.idsToCheck() == Array(1...10))
        #expect(list.idsToCheck() == [11, 12, 13] + Array(1...7), "round the list")
        var small = WishList((1...3).map { WishedProduct(Samples.product($0)) })
        _ = small.compare(id: 2, with: nil)
        #expect(small.idsToCheck() == [1, 3] && small.idsToCheck() == [1, 3])
        var empty = WishList()
        #expect(empty.idsToCheck().isEmpty)
    }

    @Test("the browser: f keeps with a notice and a save; the start and each poll look; news makes a banner; F shows the list and clears the banner; f there drops, Enter opens")
    func browser() {
        var browser = BrowserTester(browser: Samples.loaded())
        let first = browser.state.catalog.products[0]
        browser.send(.keyPressed(.character("f")), effects: [.saveWishList([WishedProduct(first)], generation: 1)]) {
            $0.wishes.list = WishList([WishedProduct(first)])
            $0.wishes.generation = 1
            $0.notice = "Kept “\(first.name)” on your wish list (1)."
        }
        browser.send(.pollTimerFired, effects: [.pollFirstPage(itemsPerPage: 20, search: nil), .checkWishes(ids: [first.id])]) {
            $0.catalog.isPolling = true
            $0.wishes.phase = .ready(looking: true)
        }
        browser.send(.pollTimerFired, effects: [])  // one look at a time
        var cheaper = first
        cheaper.price = Price(first.price.amount - 2000)
        cheaper.bargainPrice = cheaper.price
        browser.send(.wishesChecked([WishLook(id: first.id, product: cheaper)]), effects: [.saveWishList([WishedProduct(cheaper)], generation: 2)]) {
            $0.wishes.phase = .ready(looking: false)
            $0.wishes.list = WishList([WishedProduct(cheaper)])
            $0.wishes.generation = 2
            $0.catalog.wishNews = [WishNews(id: first.id, name: first.name, currency: .krw, change: .priceDrop(old: first.bargainPrice, new: cheaper.bargainPrice))]
        }
        let screen = render(browser.state).0.trimmedLines().joined(separator: "\n")
        #expect(screen.contains("♥ \(first.name): ₩12,000 → ₩10,000, price dropped · F wish list"), "\(screen)")
        browser.send(.keyPressed(.character("F"))) {
            $0.notice = nil  // a key clears the notice
            $0.catalog.wishNews = []
            $0.presented = [.wishList(WishListView())]
        }
        browser.send(.keyPressed(.enter), effects: [.loadDetail(id: first.id)]) {
            $0.presented.append(.detail(DetailState(summary: WishedProduct(cheaper).summary)))
        }
        browser.send(.keyPressed(.escape)) { $0.presented.removeLast() }
        browser.send(.keyPressed(.character("f")), effects: [.saveWishList([], generation: 3)]) {
            $0.wishes.list = WishList()
            $0.wishes.generation = 3
            $0.notice = "Dropped “\(first.name)” from your wish list."
        }
        browser.send(.keyPressed(.character("F"))) {
            $0.presented = []
            $0.notice = nil
        }
    }

    @Test("where the list is kept, as found after a load or a save, is what the open view says; it says so again once the place is back")
    func placeFound() {
        var state = Samples.loaded()
        state.wishes.place = .visitorKey
        var browser = BrowserTester(browser: state)
        browser.send(.keyPressed(.character("F"))) {
            $0.presented = [.wishList(WishListView())]
        }
        var screen = render(browser.state).0.trimmedLines().joined(separator: "\n")
        #expect(screen.contains("Kept by the market under your SSH key: the same key finds it next time."), "\(screen)")
        browser.send(.wishPlaceFound(.marketAway)) {
            $0.wishes.place = .marketAway
        }
        screen = render(browser.state).0.trimmedLines().joined(separator: "\n")
        #expect(screen.contains("Held for this session only: the market could not keep it (see the log)."), "\(screen)")
        #expect(!screen.contains("Kept by the market"))
        browser.send(.keyPressed(.character("F"))) {
            $0.presented = []
        }
        browser.send(.wishPlaceFound(.visitorKey)) { $0.wishes.place = .visitorKey }
        browser.send(.keyPressed(.character("F"))) {
            $0.presented = [.wishList(WishListView())]
        }
    }

    @Test("every place's sentence under the wish list's title is whole at 80 columns, in English and Korean", arguments: [Language.english, .korean])
    func placeFits(language: Language) {
        for place in WishPlace.allCases {
            var state = Samples.loaded(size: ScreenSize(columns: 80, rows: 24))
            state.language = language
            state.wishes.place = place
            state.presented = [.wishList(WishListView())]
            let sentence = language.text(place.phrase)
            let screen = render(state).0.trimmedLines()
            #expect(screen.contains { $0.contains(sentence) }, "\(place): \(screen.prefix(4))")
            // In a narrow window it wraps onto a second line, whole, and the list starts below it.
            var narrow = Samples.loaded(size: ScreenSize(columns: 44, rows: 14))
            narrow.language = language
            narrow.wishes.place = place
            narrow.presented = state.presented
            let lines = render(narrow).0.trimmedLines()
            let wrapped = lines[2].trimmingCharacters(in: .whitespaces) + " " + lines[3].trimmingCharacters(in: .whitespaces)
            #expect(wrapped == sentence, "\(place) at 44 columns: \(lines.prefix(6))")
            #expect(lines[4].trimmingCharacters(in: .whitespaces).isEmpty && !lines[5].isEmpty, "the list below: \(lines.prefix(7))")
        }
    }

    @Test("before the kept list is read: f keeps here and saves nothing; the list read then merges (what was dropped meanwhile stays dropped) and is saved, and looked at")
    func beforeLoad() {
        var state = Samples.loaded()
        state.wishes.phase = .reading(droppedMeanwhile: [])
        let (first, second) = (state.catalog.products[0], state.catalog.products[1])
        var browser = BrowserTester(browser: state)
        browser.send(.keyPressed(.character("f"))) {
            $0.wishes.list = WishList([WishedProduct(first)])
            $0.wishes.generation = 1
            $0.notice = "Kept “\(first.name)” on your wish list (1)."
        }
        browser.send(.keyPressed(.character("j"))) {
            $0.catalog.selectedIndex = 1
            $0.notice = nil
        }
        browser.send(.keyPressed(.character("f"))) {
            $0.wishes.list = WishList([WishedProduct(second), WishedProduct(first)])
            $0.wishes.generation = 2
            $0.notice = "Kept “\(second.name)” on your wish list (2)."
        }
        browser.send(.keyPressed(.character("f"))) {
            $0.wishes.list = WishList([WishedProduct(first)])
            $0.wishes.generation = 3
            $0.wishes.phase = .reading(droppedMeanwhile: [second.id])
            $0.notice = "Dropped “\(second.name)” from your wish list."
        }
        let kept = [WishedProduct(Samples.product(555)), WishedProduct(second)]
        let merged = [WishedProduct(first), WishedProduct(Samples.product(555))]
        browser.send(.wishListLoaded(kept), effects: [.saveWishList(merged, generation: 4), .checkWishes(ids: [first.id, 555])]) {
            $0.wishes.list = WishList(merged)
            $0.wishes.generation = 4
            $0.wishes.phase = .ready(looking: true)
        }
    }

    @Test("a detail opened by its number: f, e, d and y wait for its product and say so; once it has arrived f keeps what it loaded, its price and stock, and the next look finds no news in it")
    func openedByNumber() {
        var state = Samples.loaded()
        state.presented = [.detail(DetailState(id: 132))]
        var browser = BrowserTester(browser: state)
        let waiting = "Product #132 has not arrived yet: try again once it shows."
        browser.send(.keyPressed(.character("f"))) { $0.notice = waiting }
        for key: Character in ["e", "d", "y"] { browser.send(.keyPressed(.character(key))) }  // said again: the same notice
        let loaded = Samples.detail(132)
        browser.send(.presented(.detail(id: 132, .loaded(.success(loaded))))) {
            var detail = DetailState(id: 132)
            detail.detail = loaded
            detail.phase = .loaded
            $0.presented = [.detail(detail)]
        }
        browser.send(.keyPressed(.character("f")), effects: [.saveWishList([WishedProduct(loaded.summary)], generation: 1)]) {
            $0.wishes.list = WishList([WishedProduct(loaded.summary)])
            $0.wishes.generation = 1
            $0.notice = "Kept “Product 132” on your wish list (1)."
        }
        let kept = browser.state.wishes.list.products[0]
        #expect(kept.paidPrice == 12000 && kept.stock == 5, "the product as loaded, not a stand-in at ₩0: \(kept)")
        browser.send(.pollTimerFired, effects: [.pollFirstPage(itemsPerPage: 20, search: nil), .checkWishes(ids: [132])]) {
            $0.catalog.isPolling = true
            $0.wishes.phase = .ready(looking: true)
        }
        browser.send(.wishesChecked([WishLook(id: 132, product: loaded.summary)])) { $0.wishes.phase = .ready(looking: false) }
        #expect(browser.state.catalog.wishNews.isEmpty)
    }

    @Test("a detail opened by the number of a product the market does not have: f says it did not arrive and why, not to wait for it")
    func openedByMissingNumber() {
        var state = Samples.loaded()
        state.presented = [.detail(DetailState(id: 99999))]
        var browser = BrowserTester(browser: state)
        let refusal = "The market refused: no product 99999 (404)."
        browser.send(.presented(.detail(id: 99999, .loaded(.failure(BrowserFailure(refusal)))))) {
            var detail = DetailState(id: 99999)
            detail.phase = .failed(message: refusal)
            $0.presented = [.detail(detail)]
        }
        browser.send(.keyPressed(.character("f"))) {
            $0.notice = "Product #99999 did not arrive: The market refused: no product 99999 (404)."
        }
        #expect(browser.state.wishes.list.isEmpty)
    }

    @Test("f on a detail keeps the product as the detail shows it: what the market answered, not the list's older row")
    func keptAsShown() {
        var state = Samples.loaded()
        let listed = state.catalog.products[0]
        var fresh = Samples.detail(listed.id)
        fresh.bargainPrice = Price(9000)
        fresh.discountedPrice = Price(3000)
        var detail = DetailState(summary: listed)
        detail.detail = fresh
        detail.phase = .loaded
        state.presented = [.detail(detail)]
        var browser = BrowserTester(browser: state)
        browser.send(.keyPressed(.character("f")), effects: [.saveWishList([WishedProduct(fresh.summary)], generation: 1)]) {
            $0.wishes.list = WishList([WishedProduct(fresh.summary)])
            $0.wishes.generation = 1
            $0.notice = "Kept “\(listed.name)” on your wish list (1)."
        }
        #expect(browser.state.wishes.list.products[0].paidPrice == 9000, "the price the detail shows")
    }

    @Test("the view reads the browser's list: a change under it shows at once; the same product stays selected where it can, else the same place")
    func viewReadsTheList() {
        let (a, b, c) = (WishedProduct(Samples.product(1)), WishedProduct(Samples.product(2)), WishedProduct(Samples.product(3)))
        var view = WishListView()
        #expect(view.selected(in: [a, b, c])?.id == 1 && view.selected(in: []) == nil)
        view.select(1, in: [a, b, c])
        #expect(view == WishListView(selectedIndex: 1, selectedID: 2))
        #expect(view.selected(in: [c, a, b])?.id == 2, "moved: followed")
        #expect(view.selected(in: [a, c])?.id == 3, "gone: the same place")
        #expect(view.selected(in: [a])?.id == 1, "gone, and the place past the end: the last")
    }

    @Test("a look that finds nothing changed saves nothing; one that failed leaves the product to look at again")
    func quietLook() {
        var state = Samples.loaded()
        let first = state.catalog.products[0]
        state.wishes.list = WishList([WishedProduct(first)])
        var browser = BrowserTester(browser: state)
        browser.send(.pollTimerFired, effects: [.pollFirstPage(itemsPerPage: 20, search: nil), .checkWishes(ids: [first.id])]) {
            $0.catalog.isPolling = true
            $0.wishes.phase = .ready(looking: true)
        }
        browser.send(.wishesChecked([WishLook(id: first.id, product: first)])) { $0.wishes.phase = .ready(looking: false) }
        browser.send(.pollTimerFired, effects: [.checkWishes(ids: [first.id])]) { $0.wishes.phase = .ready(looking: true) }
        browser.send(.wishesChecked([])) { $0.wishes.phase = .ready(looking: false) }
    }
}

/// Help scrolls where its rows do not fit.
@Suite("Help that scrolls")
struct HelpScrollTests {
    @Test("at 80×24 ↓ shows the rows below, ↑ goes back, another key closes; at 200×60 any key closes; the row count is the widget's")
    func scrolling() {
        #expect(HelpWidget(context: RenderContext(theme: Theme(mode: .color256), spinnerFrame: 0, canWrite: true)).bindings.count == HelpWidget.rowCount)
        var small = BrowserTester(browser: Samples.loaded(size: ScreenSize(columns: 80, rows: 24)))
        small.send(.keyPressed(.character("?"))) { $0.presented = [.help(HelpState())] }
        #expect(!render(small.state).0.trimmedLines().joined().contains("click selects"), "the last row is below")
        small.send(.keyPressed(.character("j"))) { $0.presented = [.help(HelpState(offset: 1))] }
        small.send(.keyPressed(.pageDown)) { $0.presented = [.help(HelpState(offset: 6))] }  // 26 rows, 20 shown: 6 is the most
        small.send(.keyPressed(.character("j"))) { $0.presented = [.help(HelpState(offset: 6))] }
        #expect(render(small.state).0.trimmedLines().joined().contains("click selects"))
        small.send(.keyPressed(.up)) { $0.presented = [.help(HelpState(offset: 5))] }
        small.send(.keyPressed(.character("x"))) { $0.presented = [] }
        var large = BrowserTester(browser: Samples.loaded(size: ScreenSize(columns: 200, rows: 60)))
        large.send(.keyPressed(.character("?"))) { $0.presented = [.help(HelpState())] }
        large.send(.keyPressed(.character("j"))) { $0.presented = [] }
    }
}

import Foundation
import Localization
import OpenMarketAPI
import TerminalUI
import Testing

@testable import MarketFeatures

/// Many products at once: marks (`space`, `V`, `X`) that stay across pages, layouts and searches, and the bulk
/// changes (`b`) — a menu, the value in the status line, one question naming how many and how much, the
/// writes with their progress, and a summary of what was done and what was refused.
@Suite("Marks and bulk changes")
struct BulkTests {
    static let space = BrowserEvent.keyPressed(.character(" "))

    static func state(writer: WriterIdentity? = WriterIdentity(vendorID: 1)) -> BrowserState {
        var state = Samples.loaded()
        state.writer = writer
        return state
    }

    /// A product's detail as the market answers a change: `price` and `discount`.
    static func changed(_ id: Int, price: Decimal, discount: Decimal = 0, stock: Int = 5) -> ProductDetail {
        ProductDetail(
            id: id, vendorID: 1, name: "Product \(id)", description: "A fine thing.", thumbnailURL: URL(string: "http://m.test/images/\(id)_thumb.jpg"),
            currency: .krw, price: Price(price), bargainPrice: Price(price - discount), discountedPrice: Price(discount), stock: stock,
            createdAt: Samples.date, issuedAt: Samples.date, images: [], vendor: VendorInfo(id: 1, name: "demo"))
    }

    static func marks(_ ids: [Int], anchor: Int?, vendorOf: (Int) -> Int = { _ in 1 }) -> Marks {
        var marks = Marks()
        marks.products = ids.map { Samples.product($0, vendorID: vendorOf($0)) }
        marks.anchor = anchor
        return marks
    }

    @Test("space marks the selected product and unmarks it; V marks the ones from the last space to here; X clears; the status line counts them")
    func marking() {
        var browser = BrowserTester(browser: Self.state())
        browser.send(Self.space) { $0.marks = Self.marks([100], anchor: 100) }
        browser.send(.keyPressed(.down)) { $0.catalog.selectedIndex = 1 }
        browser.send(Self.space) { $0.marks = Self.marks([100, 99], anchor: 99) }
        browser.send(Self.space) { $0.marks = Self.marks([100], anchor: 99) }
        browser.send(.keyPressed(.down)) { $0.catalog.selectedIndex = 2 }
        browser.send(.keyPressed(.down)) { $0.catalog.selectedIndex = 3 }
        browser.send(.keyPressed(.character("V"))) { $0.marks = Self.marks([100, 99, 98, 97], anchor: 97) }
        let (canvas, _) = render(browser.state)
        let lines = canvas.trimmedLines()
        #expect(lines.last(where: { $0.contains("#97") })?.contains("4 marked") == true, "\(lines.suffix(2))")
        #expect(lines.filter { $0.hasPrefix("✓") }.count == 4, "a mark beside each marked product:\n\(lines.joined(separator: "\n"))")
        browser.send(.keyPressed(.character("X"))) { $0.marks = Marks() }
    }

    @Test("marks stay across a change of layout and the next page; a product deleted is no longer marked")
    func marksStay() {
        var browser = BrowserTester(browser: Self.state())
        browser.send(Self.space) { $0.marks = Self.marks([100], anchor: 100) }
        browser.send(.keyPressed(.character("v"))) { $0.catalog.layoutKind = .grid }
        #expect(browser.state.marks == Self.marks([100], anchor: 100))
        browser.send(.keyPressed(.character("G")), effects: [.loadPage(requestID: 2, page: 2, itemsPerPage: 20, search: nil)]) {
            $0.catalog.selectedIndex = 19
            $0.catalog.pageLoad = .loading(CatalogState.PageRequest(id: 2, page: 2, search: nil, replaces: false))
            $0.catalog.scrollRow = 1
            $0.catalog.nextRequestID = 3
        }
        browser.send(.pageLoaded(requestID: 2, .success(Samples.page(2)))) {
            $0.catalog.allProducts += Samples.page(2).products
            $0.catalog.nextPage = 3
            $0.catalog.pageLoad = .idle
        }
        #expect(browser.state.marks == Self.marks([100], anchor: 100), "paging keeps the marks")
        browser.send(.productDeleted(id: 100, .success(Samples.detail(100)))) {
            $0.undoable = .delete([Samples.product(100)])
            $0.marks = Self.marks([], anchor: nil)
            $0.catalog.allProducts.removeAll { $0.id == 100 }
            $0.notice = "Deleted “Product 100”."
        }
    }

    @Test("b with nothing marked says how to mark; without an identity, how to get one")
    func nothingMarked() {
        var browser = BrowserTester(browser: Self.state())
        browser.send(.keyPressed(.character("b"))) { $0.notice = "Mark products first: Space marks one, V the ones up to here." }
        var anonymous = BrowserTester(browser: Self.state(writer: nil))
        anonymous.send(Self.space) { $0.marks = Self.marks([100], anchor: 100) }
        anonymous.send(.keyPressed(.character("b"))) {
            $0.notice = "No vendor identity: start with --identifier and --secret to edit your products."
        }
    }

    @Test("a 20% price cut: the menu, -20 typed in the status line, one question naming how many and the prices in all, then the writes; each answer counted, the list and the marks take the new prices; the summary names what was refused")
    func priceCut() {
        var browser = BrowserTester(browser: Self.state())
        browser.send(Self.space) { $0.marks = Self.marks([100], anchor: 100) }
        browser.send(.keyPressed(.down)) { $0.catalog.selectedIndex = 1 }
        browser.send(Self.space) { $0.marks = Self.marks([100, 99], anchor: 99) }
        browser.send(.keyPressed(.character("b"))) { $0.presented = [.bulk(BulkState(count: 2))] }
        var menu = BulkState(count: 2)
        browser.send(.keyPressed(.down)) {
            menu.highlighted = 1
            $0.presented = [.bulk(menu)]
        }
        browser.send(.keyPressed(.character("1"))) {
            menu.highlighted = 0
            menu.typing = .pricePercent
            $0.presented = [.bulk(menu)]
        }
        for character in "-20" {
            browser.send(.keyPressed(.character(character))) {
                menu.text.append(character)
                $0.presented = [.bulk(menu)]
            }
        }
        let plan = BulkPlan(
            change: .pricePercent(-20),
            steps: [
                BulkPlan.Step(product: Samples.product(100), changes: ProductChanges(price: 9600)),
                BulkPlan.Step(product: Samples.product(99), changes: ProductChanges(price: 9600)),
            ])
        browser.send(.keyPressed(.enter)) { $0.presented = [.confirmation(Confirmation(action: .bulk(plan)))] }
        let (canvas, _) = render(browser.state)
        #expect(canvas.trimmedLines().joined(separator: " ").contains("Change the price of 2 products by -20%? ₩24,000 → ₩19,200 in all."))
        let job = BulkJob(id: 1, writes: [.update(id: 100, changes: ProductChanges(price: 9600)), .update(id: 99, changes: ProductChanges(price: 9600))])
        browser.send(.keyPressed(.character("y")), effects: [.bulkWrite(job)]) {
            $0.presented = []
            $0.bulkRun = BulkRun(
                job: 1, deletes: false, total: 2, change: .pricePercent(-20), before: [100: Samples.product(100), 99: Samples.product(99)])
            $0.nextBulkJob = 2
        }
        #expect(browser.state.isBusy)
        #expect(render(browser.state).0.trimmedLines().last(where: { $0.contains("0 of 2…") }) != nil, "the progress on the status line")
        browser.send(.bulkWritten(job: 1, productID: 100, .success(Self.changed(100, price: 9600)))) {
            $0.bulkRun?.done = 1
            $0.bulkRun?.after = [Samples.product(100, price: 9600)]
            $0.catalog.allProducts[0] = Samples.product(100, price: 9600)
            $0.marks.products[0] = Samples.product(100, price: 9600)
        }
        // An answer of another job (one before) changes nothing.
        browser.send(.bulkWritten(job: 7, productID: 99, .success(Self.changed(99, price: 1))))
        browser.send(.bulkWritten(job: 1, productID: 99, .failure(BrowserFailure("The server refused: secret is wrong for this vendor (403).")))) {
            $0.bulkRun = nil
            $0.undoable = .change(BulkUndo(change: .pricePercent(-20), steps: [BulkUndo.Step(before: Samples.product(100), after: Samples.product(100, price: 9600))]))
            $0.notice = "Changed 1 product; 1 refused: #99: The server refused: secret is wrong for this vendor (403)."
        }

        // u undoes it, as one step: the product the change wrote goes back, if the market still has it so.
        let undo = BulkUndo(change: .pricePercent(-20), steps: [BulkUndo.Step(before: Samples.product(100), after: Samples.product(100, price: 9600))])
        browser.send(.keyPressed(.character("u"))) {
            $0.notice = nil
            $0.presented = [.confirmation(Confirmation(action: .undoBulk(undo)))]
        }
        #expect(render(browser.state).0.trimmedLines().joined(separator: " ").contains("Undo the last change (-20%) of 1 product? Any changed since is left as it is."))
        let revert = BulkJob.Write.revert(id: 100, changes: ProductChanges(price: 12000), expecting: BulkJob.Expected(Samples.product(100, price: 9600)))
        browser.send(.keyPressed(.character("y")), effects: [.bulkWrite(BulkJob(id: 2, writes: [revert]))]) {
            $0.presented = []
            $0.undoable = nil
            $0.bulkRun = BulkRun(job: 2, deletes: false, total: 1)
            $0.nextBulkJob = 3
        }
        browser.send(.bulkWritten(job: 2, productID: 100, .success(Self.changed(100, price: 12000)))) {
            $0.bulkRun = nil
            $0.catalog.allProducts[0] = Samples.product(100)
            $0.marks.products[0] = Samples.product(100)
            $0.notice = "Undid the change of 1 product."
        }
        browser.send(.keyPressed(.character("u"))) {
            $0.notice = "Nothing to undo: u undoes the last delete, or the last change of marked products while they are as it left them."
        }
    }

    @Test("a value that does not read stays on the line with what is wrong; Esc closes the menu and changes nothing")
    func badValue() {
        var state = Self.state()
        state.marks = Self.marks([100], anchor: 100)
        var browser = BrowserTester(browser: state)
        browser.send(.keyPressed(.character("b"))) { $0.presented = [.bulk(BulkState(count: 1))] }
        var menu = BulkState(count: 1)
        browser.send(.keyPressed(.character("4"))) {
            menu.highlighted = 3
            menu.typing = .stock
            $0.presented = [.bulk(menu)]
        }
        browser.send(.keyPressed(.character("x"))) {
            menu.text = "x"
            $0.presented = [.bulk(menu)]
        }
        browser.send(.keyPressed(.enter)) {
            menu.problem = .notStock
            $0.presented = [.bulk(menu)]
        }
        browser.send(.keyPressed(.escape)) { $0.presented = [] }
    }

    @Test("another vendor's marked products and a price that would fall below 0 are left out, and the question says so; with none left, nothing is asked")
    func leftOut() {
        var state = Self.state()
        state.marks = Self.marks([100, 99, 98], anchor: 98, vendorOf: { $0 == 98 ? 7 : 1 })
        var browser = BrowserTester(browser: state)
        browser.send(.keyPressed(.character("b"))) { $0.presented = [.bulk(BulkState(count: 3))] }
        var menu = BulkState(count: 3)
        browser.send(.keyPressed(.character("2"))) {
            menu.highlighted = 1
            menu.typing = .priceAmount
            $0.presented = [.bulk(menu)]
        }
        for character in "-12000" {
            browser.send(.keyPressed(.character(character))) {
                menu.text.append(character)
                $0.presented = [.bulk(menu)]
            }
        }
        let plan = BulkPlan(
            change: .priceAmount(-12000),
            steps: [
                BulkPlan.Step(product: Samples.product(100), changes: ProductChanges(price: 0)),
                BulkPlan.Step(product: Samples.product(99), changes: ProductChanges(price: 0)),
            ], othersLeftOut: 1)
        browser.send(.keyPressed(.enter)) { $0.presented = [.confirmation(Confirmation(action: .bulk(plan)))] }
        #expect(
            Confirmation(action: .bulk(plan)).question.map { Language.korean.text($0) }
                == ["상품 2개의 가격을 -12000 바꿀까요? 합계 ₩24,000 → ₩0.", "다른 판매자의 상품 1개는 뺐습니다."])
        browser.send(.keyPressed(.character("n"))) { $0.presented = [] }

        let below = BulkPlan(.priceAmount(-20000), over: browser.state.marks.products, vendorID: 1)
        #expect(below == BulkPlan(change: .priceAmount(-20000), steps: [], othersLeftOut: 1, refusedLeftOut: 2))
        browser.send(.keyPressed(.character("b"))) { $0.presented = [.bulk(BulkState(count: 3))] }
        menu = BulkState(count: 3)
        browser.send(.keyPressed(.character("2"))) {
            menu.highlighted = 1
            menu.typing = .priceAmount
            $0.presented = [.bulk(menu)]
        }
        for character in "-20000" {
            browser.send(.keyPressed(.character(character))) {
                menu.text.append(character)
                $0.presented = [.bulk(menu)]
            }
        }
        browser.send(.keyPressed(.enter)) {
            $0.presented = []
            $0.notice = "None of the marked products can take that change. 1 of another vendor left out. 2 left out: the price would fall below 0."
        }
    }

    @Test("a delete of the marked: the question, then the products leave the list and the marks as the market agrees")
    func delete() {
        var state = Self.state()
        state.marks = Self.marks([100, 99], anchor: 99)
        var browser = BrowserTester(browser: state)
        browser.send(.keyPressed(.character("b"))) { $0.presented = [.bulk(BulkState(count: 2))] }
        let plan = BulkPlan(
            change: .delete,
            steps: [BulkPlan.Step(product: Samples.product(100), changes: ProductChanges()), BulkPlan.Step(product: Samples.product(99), changes: ProductChanges())])
        browser.send(.keyPressed(.character("5"))) { $0.presented = [.confirmation(Confirmation(action: .bulk(plan)))] }
        browser.send(.keyPressed(.character("y")), effects: [.bulkWrite(BulkJob(id: 1, writes: [.delete(id: 100), .delete(id: 99)]))]) {
            $0.presented = []
            $0.bulkRun = BulkRun(job: 1, deletes: true, total: 2, change: .delete, before: [100: Samples.product(100), 99: Samples.product(99)])
            $0.nextBulkJob = 2
        }
        browser.send(.bulkWritten(job: 1, productID: 100, .success(Samples.detail(100)))) {
            $0.bulkRun?.done = 1
            $0.bulkRun?.after = [Samples.product(100)]
            $0.marks = Self.marks([99], anchor: 99)
            $0.catalog.allProducts.removeAll { $0.id == 100 }
        }
        browser.send(.bulkWritten(job: 1, productID: 99, .success(Samples.detail(99)))) {
            $0.bulkRun = nil
            $0.undoable = .delete([Samples.product(100), Samples.product(99)])
            $0.marks = Self.marks([], anchor: nil)
            $0.catalog.allProducts.removeAll { $0.id == 99 }
            $0.notice = "Deleted 2 products."
        }

        // u brings them back, each to its place as the market answers.
        browser.send(.keyPressed(.character("u"))) {
            $0.notice = nil
            $0.presented = [.confirmation(Confirmation(action: .restore([Samples.product(100), Samples.product(99)])))]
        }
        #expect(render(browser.state).0.trimmedLines().joined(separator: " ").contains("Bring back the 2 products deleted a moment ago?"))
        browser.send(.keyPressed(.character("y")), effects: [.bulkWrite(BulkJob(id: 2, writes: [.restore(id: 100), .restore(id: 99)]))]) {
            $0.presented = []
            $0.undoable = nil
            var run = BulkRun(job: 2, deletes: false, total: 2)
            run.restores = true
            $0.bulkRun = run
            $0.nextBulkJob = 3
        }
        browser.send(.bulkWritten(job: 2, productID: 99, .success(Samples.detail(99)))) {
            $0.bulkRun?.done = 1
            $0.catalog.allProducts.insert(Samples.product(99), at: 0)
            $0.catalog.selectedIndex = 1
        }
        browser.send(.bulkWritten(job: 2, productID: 100, .failure(BrowserFailure("The server refused: no deleted product with id 100 to bring back (404).")))) {
            $0.bulkRun = nil
            $0.notice = "Brought back 1 product; 1 not: #100: The server refused: no deleted product with id 100 to bring back (404)."
        }
    }

    @Test("the changes a product takes: a percent rounded to the won or the cent with the discount in proportion, an amount keeping the discount under the price, a discount as a percent, the stock")
    func changes() {
        let mug = Samples.product(1, price: 12345, discount: 1000)
        #expect(BulkChange.pricePercent(-20).changes(for: mug) == ProductChanges(price: 9876, discountedPrice: 800))
        let cup = Samples.product(2, price: Decimal(string: "9.99")!, currency: .usd)
        #expect(BulkChange.pricePercent(10).changes(for: cup) == ProductChanges(price: Decimal(string: "10.99")!))
        #expect(BulkChange.priceAmount(-12000).changes(for: mug) == ProductChanges(price: 345, discountedPrice: 345))
        #expect(BulkChange.priceAmount(-20000).changes(for: mug) == nil)
        #expect(BulkChange.discountPercent(25).changes(for: mug) == ProductChanges(discountedPrice: 3086))
        let discount = BulkPlan(.discountPercent(10), over: [mug], vendorID: 1)
        #expect(Confirmation(action: .bulk(discount)).question.map { Language.english.text($0) } == ["Set a discount of 10% on 1 product?"])
        #expect(Confirmation(action: .bulk(discount)).question.map { Language.korean.text($0) } == ["상품 1개에 10% 할인을 정할까요?"])
        #expect(BulkChange.stock(5).changes(for: mug) == ProductChanges())
        #expect(BulkChange.stock(0).changes(for: mug) == ProductChanges(stock: 0))
        #expect(BulkState.change(.pricePercent, " -20% ") == .pricePercent(-20) && BulkState.change(.pricePercent, "-100") == nil)
        #expect(BulkState.change(.priceAmount, "+1,000") == .priceAmount(1000) && BulkState.change(.priceAmount, "1e3") == nil)
        #expect(BulkState.change(.discountPercent, "101") == nil && BulkState.change(.stock, "2.5") == nil && BulkState.change(.stock, "7") == .stock(7))
    }
}

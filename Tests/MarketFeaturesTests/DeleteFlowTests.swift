import Foundation
import OpenMarketAPI
import TerminalUI
import Mocks
import Testing

@testable import MarketFeatures

@Suite("Deleting from the browser")
struct DeleteFlowTests {
    func state(writer: WriterIdentity?) -> BrowserState {
        var state = Samples.loaded()
        state.writer = writer
        return state
    }

    /// The question "Delete …?" about product `id`, with Yes chosen or not.
    static func asking(_ id: Int, yes: Bool = false) -> Presentation {
        var question = Confirmation(action: .deleteProduct(id: id, name: "Product \(id)"))
        question.yesFocused = yes
        return .confirmation(question)
    }

    @Test("d on one's own product asks, with No chosen; Enter then does nothing")
    func asksWithNoByDefault() {
        var browser = BrowserTester(browser: state(writer: WriterIdentity(vendorID: 1)))
        browser.send(.keyPressed(.character("d"))) { $0.presented = [Self.asking(100)] }
        browser.send(.keyPressed(.enter)) { $0.presented = [] }
    }

    @Test("y, or → then Enter, deletes; the product disappears when the server agrees")
    func deletes() {
        var browser = BrowserTester(browser: state(writer: WriterIdentity(vendorID: 1)))
        browser.send(.keyPressed(.down)) { $0.catalog.selectedIndex = 1 }
        browser.send(.keyPressed(.character("d"))) { $0.presented = [Self.asking(99)] }
        browser.send(.keyPressed(.right)) { $0.presented = [Self.asking(99, yes: true)] }
        browser.send(.keyPressed(.enter), effects: [.deleteProduct(id: 99)]) {
            $0.presented = []
            $0.deleting = [99]
        }
        #expect(browser.state.isBusy)
        browser.send(.productDeleted(id: 99, .success(Samples.detail(99)))) {
            $0.deleting = []
            $0.undoable = .delete([Samples.product(99)])
            $0.catalog.allProducts.removeAll { $0.id == 99 }
            $0.notice = "Deleted “Product 99”."
        }
        #expect(browser.state.catalog.selectedProduct?.id == 98)

        browser.send(.keyPressed(.character("d"))) {
            $0.notice = nil
            $0.presented = [Self.asking(98)]
        }
        browser.send(.keyPressed(.character("y")), effects: [.deleteProduct(id: 98)]) {
            $0.presented = []
            $0.deleting = [98]
        }
    }

    @Test("on a market that keeps deleted products (one that speaks the listing extension) the question says u brings it back; u asks, and sends the restore")
    func undoable() {
        var state = state(writer: WriterIdentity(vendorID: 1))
        state.catalog.arranger = .server
        var browser = BrowserTester(browser: state)
        browser.send(.keyPressed(.character("d"))) {
            $0.presented = [.confirmation(Confirmation(action: .deleteProduct(id: 100, name: "Product 100"), undoKey: "u"))]
        }
        #expect(render(browser.state).0.trimmedLines().joined(separator: " ").contains("Delete “Product 100”? u brings it back within 10 minutes."))
        browser.send(.keyPressed(.character("y")), effects: [.deleteProduct(id: 100)]) {
            $0.presented = []
            $0.deleting = [100]
        }
        browser.send(.productDeleted(id: 100, .success(Samples.detail(100)))) {
            $0.deleting = []
            $0.undoable = .delete([Samples.product(100)])
            $0.catalog.allProducts.removeAll { $0.id == 100 }
            $0.notice = "Deleted “Product 100”."
        }
        browser.send(.keyPressed(.character("u"))) {
            $0.notice = nil
            $0.presented = [.confirmation(Confirmation(action: .restore([Samples.product(100)])))]
        }
        #expect(render(browser.state).0.trimmedLines().joined(separator: " ").contains("Bring back “Product 100”, deleted a moment ago?"))
        browser.send(.keyPressed(.character("y")), effects: [.bulkWrite(BulkJob(id: 1, writes: [.restore(id: 100)]))]) {
            $0.presented = []
            $0.undoable = nil
            var run = BulkRun(job: 1, deletes: false, total: 1)
            run.restores = true
            $0.bulkRun = run
            $0.nextBulkJob = 2
        }
        browser.send(.bulkWritten(job: 1, productID: 100, .success(Samples.detail(100)))) {
            $0.bulkRun = nil
            $0.catalog.allProducts.insert(Samples.product(100), at: 0)
            $0.catalog.selectedIndex = 1
            $0.notice = "Brought back 1 product."
        }
    }

    @Test("another vendor's product is refused with the reason; without an identity d says how to get one")
    func refusals() {
        var other = BrowserTester(browser: state(writer: WriterIdentity(vendorID: 7)))
        other.send(.keyPressed(.character("d"))) {
            $0.notice = "“Product 100” belongs to demo; only its vendor can delete it."
        }
        var anonymous = BrowserTester(browser: state(writer: nil))
        anonymous.send(.keyPressed(.character("d"))) {
            $0.notice = "No vendor identity: start with --identifier and --secret to delete your products."
        }
    }

    @Test("a refused delete (wrong secret, expired token) is explained on the status line, where its success would be; the product stays, and the banner keeps only a page's failure")
    func failure() {
        var browser = BrowserTester(browser: state(writer: WriterIdentity(vendorID: nil)))
        browser.send(.keyPressed(.character("d"))) { $0.presented = [Self.asking(100)] }
        browser.send(.keyPressed(.character("y")), effects: [.deleteProduct(id: 100)]) {
            $0.presented = []
            $0.deleting = [100]
        }
        let refusal = "The server refused: secret is wrong for this vendor (403)."
        browser.send(.productDeleted(id: 100, .failure(BrowserFailure(refusal)))) {
            $0.deleting = []
            $0.notice = "Could not delete #100: \(refusal)"
        }
        #expect(!browser.state.catalog.showsBanner, "a delete's failure is not a page's")
    }

    @Test("the dialog names the product; No is highlighted until Yes is chosen")
    func dialog() {
        var browser = BrowserTester(browser: state(writer: WriterIdentity(vendorID: 1)))
        browser.send(.keyPressed(.character("d"))) {
            $0.presented = [.confirmation(Confirmation(action: .deleteProduct(id: 100, name: "Product 100")))]
        }
        let (canvas, _) = render(browser.state)
        let lines = canvas.trimmedLines()
        #expect(lines.contains { $0.contains("Delete “Product 100”? This cannot be undone.") })
        let row = try! #require(lines.firstIndex { $0.contains("[ No ]") })
        let noX = lines[row].distance(from: lines[row].startIndex, to: lines[row].range(of: "[ No ]")!.lowerBound)
        #expect(canvas[noX + 2, row].style.attributes.contains(.reverse))
    }
}

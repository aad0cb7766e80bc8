import Foundation
import OpenMarketAPI
import TerminalUI
import Testing

@testable import MarketFeatures

@Suite("Deleting from the browser")
struct DeleteFlowTests {
    func state(writer: WriterIdentity?) -> BrowserState {
        var state = Samples.loaded()
        state.writer = writer
        return state
    }

    @Test("d on one's own product asks, with No chosen; Enter then does nothing")
    func asksWithNoByDefault() {
        var state = state(writer: WriterIdentity(vendorID: 1))
        #expect(state.handle(.keyPressed(.character("d"))) == [])
        #expect(state.confirmation == Confirmation(action: .deleteProduct(id: 100, name: "Product 100")))
        #expect(state.confirmation?.yesFocused == false)
        #expect(state.handle(.keyPressed(.enter)) == [])
        #expect(state.confirmation == nil)
        #expect(state.catalog.products.count == 20)
    }

    @Test("y, or → then Enter, deletes; the product disappears when the server agrees")
    func deletes() {
        var state = state(writer: WriterIdentity(vendorID: 1))
        _ = state.handle(.keyPressed(.down))
        _ = state.handle(.keyPressed(.character("d")))
        _ = state.handle(.keyPressed(.right))
        #expect(state.confirmation?.yesFocused == true)
        #expect(state.handle(.keyPressed(.enter)) == [.deleteProduct(id: 99)])
        #expect(state.deleting == [99] && state.isBusy)
        _ = state.handle(.productDeleted(id: 99, .success(Samples.detail(99))))
        #expect(!state.catalog.products.contains { $0.id == 99 })
        #expect(state.notice == "Deleted “Product 99”.")
        #expect(state.catalog.selectedProduct?.id == 98)

        _ = state.handle(.keyPressed(.character("d")))
        #expect(state.handle(.keyPressed(.character("y"))) == [.deleteProduct(id: 98)])
    }

    @Test("from the detail: d deletes the product shown and closes the detail")
    func fromDetail() {
        var state = state(writer: WriterIdentity(vendorID: 1))
        _ = state.handle(.keyPressed(.enter))
        _ = state.handle(.keyPressed(.character("d")))
        _ = state.handle(.keyPressed(.character("y")))
        _ = state.handle(.productDeleted(id: 100, .success(Samples.detail(100))))
        #expect(state.detail == nil)
        #expect(state.catalog.products.first?.id == 99)
    }

    @Test("another vendor's product is refused with the reason; without an identity d says how to get one")
    func refusals() {
        var other = state(writer: WriterIdentity(vendorID: 7))
        #expect(other.handle(.keyPressed(.character("d"))) == [])
        #expect(other.confirmation == nil)
        #expect(other.notice?.contains("belongs to demo") == true)
        var anonymous = state(writer: nil)
        _ = anonymous.handle(.keyPressed(.character("d")))
        #expect(anonymous.notice?.contains("--identifier") == true)
    }

    @Test("a refused delete (wrong secret, expired token) is explained and the product stays")
    func failure() {
        var state = state(writer: WriterIdentity(vendorID: nil))
        _ = state.handle(.keyPressed(.character("d")))
        _ = state.handle(.keyPressed(.character("y")))
        _ = state.handle(.productDeleted(id: 100, .failure(BrowserFailure("The server refused: secret is wrong for this vendor (403)."))))
        #expect(state.catalog.errorMessage == "Could not delete #100: The server refused: secret is wrong for this vendor (403).")
        #expect(state.catalog.products.first?.id == 100)
        #expect(state.deleting.isEmpty)
    }

    @Test("the dialog names the product; No is highlighted until Yes is chosen")
    func dialog() {
        var state = state(writer: WriterIdentity(vendorID: 1))
        _ = state.handle(.keyPressed(.character("d")))
        let (canvas, _) = render(state)
        let lines = canvas.trimmedLines()
        #expect(lines.contains { $0.contains("Delete “Product 100”? This cannot be undone.") })
        let row = try! #require(lines.firstIndex { $0.contains("[ No ]") })
        let noX = lines[row].distance(from: lines[row].startIndex, to: lines[row].range(of: "[ No ]")!.lowerBound)
        #expect(canvas[noX + 2, row].style.attributes.contains(.reverse))
    }
}

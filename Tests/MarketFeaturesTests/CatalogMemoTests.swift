import Foundation
import ImagePipeline
import OpenMarketAPI
import TerminalUI
import Testing

@testable import MarketFeatures

/// The list's items copied from the last frame where nothing they show changed: the same cells as a frame laid out
/// whole, and only the changed items laid out again.
struct CatalogMemoTests {
    /// A grid of the first page at 120×40.
    static func grid() -> BrowserState {
        var state = Samples.loaded()
        state.catalog.layoutKind = .grid
        return state
    }

    /// Renders `state` with `memo` and without one: both must be the same cells, links and pictures.
    func expectSame(_ state: BrowserState, _ memo: CatalogMemo, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        var fresh = Canvas(width: 0, height: 0)
        var copied = Canvas(width: 0, height: 0)
        let screen = BrowserScreen(state: state)
        let freshReport = screen.render(into: &fresh)
        let copiedReport = screen.render(into: &copied, memo: memo)
        if fresh != copied {
            Issue.record(Comment(rawValue: lineDiff("\(what): copied items differ", fresh.lines(), copied.lines())), sourceLocation: sourceLocation)
        }
        #expect(freshReport == copiedReport, "\(what): pictures", sourceLocation: sourceLocation)
    }

    /// Every change an item can show, one after another on one memo, in the grid and in the list, at two sizes.
    @Test(arguments: [LayoutKind.grid, .list], [ScreenSize(columns: 120, rows: 40), ScreenSize(columns: 80, rows: 24)])
    func sameCells(kind: LayoutKind, size: ScreenSize) {
        var state = Samples.loaded(size: size)
        state.catalog.layoutKind = kind
        let memo = CatalogMemo()
        let changes: [(String, (inout BrowserState) -> Void)] = [
            ("first frame", { _ in }),
            ("the same again", { _ in }),
            ("selection moved", { $0.catalog.selectedIndex = 1 }),
            ("selection a row down", { $0.catalog.selectedIndex = 5 }),
            ("scrolled a row (the bottom row cut)", { $0.catalog.scrollRow = 1 }),
            ("scrolled back", { $0.catalog.scrollRow = 0 }),
            ("a price edited", { $0.catalog.allProducts[2] = Samples.product(98, price: 15_500) }),
            ("a discount", { $0.catalog.allProducts[2] = Samples.product(98, price: 15_500, discount: 500) }),
            ("sold out", { $0.catalog.allProducts[3] = Samples.product(97, stock: 0) }),
            ("a long name", { $0.catalog.allProducts[0] = Samples.product(100, name: "A lamp with a name far too long for any card 한국어 이름") }),
            ("wished", { _ = $0.wishes.list.toggle(Samples.product(99)) }),
            ("marked", { $0.marks.toggle(Samples.product(98)) }),
            ("fresh from the stream", { $0.live.fresh[97] = 1 }),
            ("fresh no longer", { $0.live.fresh[97] = nil }),
            ("deleted", { $0.live.gone.insert(96) }),
            ("low stock of the writer's own", {
                $0.writer = WriterIdentity(vendorID: 1)
                $0.catalog.allProducts[4] = Samples.product(96, stock: 1)
            }),
            ("a search's letters marked", { $0.catalog.listedQuery = "product 9" }),
            ("no search", { $0.catalog.listedQuery = nil }),
            ("16 colours", { $0.colorMode = .color16 }),
            ("Korean", { $0.language = .korean }),
            ("ascii", { $0.ascii = true }),
            ("resized", { $0.catalog.size = ScreenSize(columns: size.columns + 7, rows: size.rows + 3) }),
            ("the other layout", { $0.catalog.layoutKind = kind == .grid ? .list : .grid }),
            ("back", { $0.catalog.layoutKind = kind }),
        ]
        for (what, change) in changes {
            change(&state)
            expectSame(state, memo, what)
        }
    }

    /// A key that moves the selection lays out the two items it changes; an edit the one it changes; the same
    /// state nothing. The grid at 120×40 has five cards a row of 12 lines in 37 lines: three rows whole and the top
    /// line of a fourth, 20 items.
    @Test func laysOutOnlyWhatChanged() {
        var state = Self.grid()
        let memo = CatalogMemo()
        var canvas = Canvas(width: 0, height: 0)
        _ = BrowserScreen(state: state).render(into: &canvas, memo: memo)
        #expect((memo.laidOut, memo.copied) == (20, 0))
        state.catalog.selectedIndex = 1
        _ = BrowserScreen(state: state).render(into: &canvas, memo: memo)
        #expect((memo.laidOut, memo.copied) == (22, 18))
        _ = BrowserScreen(state: state).render(into: &canvas, memo: memo)
        #expect((memo.laidOut, memo.copied) == (22, 38))
        state.catalog.allProducts[5] = Samples.product(95, price: 99_000)
        _ = BrowserScreen(state: state).render(into: &canvas, memo: memo)
        #expect((memo.laidOut, memo.copied) == (23, 57))
        // Another theme: every item again.
        state.colorMode = .color16
        _ = BrowserScreen(state: state).render(into: &canvas, memo: memo)
        #expect((memo.laidOut, memo.copied) == (43, 57))
    }
}

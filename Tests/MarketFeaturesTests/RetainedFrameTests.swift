import Foundation
import ImagePipeline
import OpenMarketAPI
import TerminalPictures
import TerminalUI
import Testing

@testable import MarketFeatures

/// Frames drawn over the last one (`BrowserScreen.render(retaining:)`): the lines around the list drawn again, of
/// the list only the items that changed, the others' cells and pictures left as they were. Each frame must be the
/// one a fresh canvas gets, cell for cell, pictures painted.
struct RetainedFrameTests {
    /// Pictures at hand for every product but those in `missing`: each its own letter, so one left in the wrong
    /// place shows.
    static func pictures(for state: BrowserState, missing: Set<Int> = []) -> [ImageCacheKey: Canvas] {
        let layout = state.catalog.layout
        var pictures: [ImageCacheKey: Canvas] = [:]
        for product in state.catalog.allProducts where !missing.contains(product.id) {
            guard let url = product.thumbnailURL else { continue }
            let letter = String(UnicodeScalar(UInt8(65 + product.id % 26)))
            let cell = Cell(letter, style: CellStyle(foreground: .indexed(UInt8(product.id % 200))))
            let key = ImageCacheKey(url: url, columns: layout.thumbnailColumns, rows: layout.thumbnailRows, palette: state.palette)
            pictures[key] = Canvas(width: layout.thumbnailColumns, height: max(1, layout.thumbnailRows - 1), fill: cell)
        }
        return pictures
    }

    /// One frame both ways: on a fresh canvas, and as the browser's loop draws it, into `frames` with `memo` (over
    /// the last frame when `retaining`). They must be the same.
    @discardableResult
    func expectSame(
        _ state: BrowserState, over frames: inout FrameBuffers, _ memo: CatalogMemo, retaining: Bool,
        pictures: [ImageCacheKey: Canvas], _ what: String, sourceLocation: SourceLocation = #_sourceLocation
    ) -> FrameReport {
        let screen = BrowserScreen(state: state)
        let painter = HalfBlockPainter(pictures: pictures, palette: screen.palette)
        var fresh = Canvas(width: 0, height: 0)
        let freshReport = screen.render(into: &fresh)
        painter.paint(freshReport, into: &fresh)
        frames.next(over: retaining)
        let report = screen.render(into: &frames.current, memo: memo, retaining: retaining)
        painter.paint(report, into: &frames.current)
        frames.drew(report.redrawn)
        if fresh != frames.current {
            Issue.record(
                Comment(rawValue: lineDiff("\(what): drawn over the last frame", fresh.lines(), frames.current.lines())),
                sourceLocation: sourceLocation)
        }
        #expect(freshReport.pictures == report.pictures, "\(what): pictures", sourceLocation: sourceLocation)
        return report
    }

    /// What a visitor does and the market changes, one after another over one canvas, in the grid and the list, at
    /// two sizes: every frame as a fresh one.
    @Test(arguments: [LayoutKind.grid, .list], [ScreenSize(columns: 120, rows: 40), ScreenSize(columns: 80, rows: 24)])
    func sameCells(kind: LayoutKind, size: ScreenSize) {
        var state = Samples.loaded(size: size)
        state.catalog.layoutKind = kind
        let memo = CatalogMemo()
        var frames = FrameBuffers()
        var pictures = Self.pictures(for: state, missing: [97])
        // (what, the change, whether pictures came or went with it: then the loop draws the frame whole)
        let changes: [(String, (inout BrowserState) -> Void, Bool)] = [
            ("first frame", { _ in }, true),
            ("the same again", { _ in }, false),
            ("selection moved", { $0.catalog.selectedIndex = 1 }, false),
            ("a price edited", { $0.catalog.allProducts[0] = Samples.product(100, price: 15_500) }, false),
            ("marked fresh by the stream", { $0.live.fresh[100] = 1 }, false),
            ("the selected one edited", { $0.catalog.allProducts[1] = Samples.product(99, price: 9_900, discount: 900) }, false),
            ("how many are here", {
                $0.live.phase = .live
                $0.live.browsing = 1_204
            }, false),
            ("a notice", { $0.notice = "Saved." }, false),
            ("no notice", { $0.notice = nil }, false),
            ("fresh no longer", { $0.live.fresh[100] = nil }, false),
            ("a picture came", { _ in }, true),
            ("sold out", { $0.catalog.allProducts[3] = Samples.product(97, stock: 0) }, false),
            ("a long Korean name", { $0.catalog.allProducts[2] = Samples.product(98, name: "아주 긴 이름의 램프 한국어 이름이 길다 A lamp") }, false),
            ("deleted", { $0.live.gone.insert(96) }, false),
            ("wished", { _ = $0.wishes.list.toggle(Samples.product(95)) }, false),
            ("marked", { $0.marks.toggle(Samples.product(94)) }, false),
            ("selection a row down", { $0.catalog.selectedIndex = 7 }, false),
            ("scrolled a row", { $0.catalog.scrollRow = 1 }, false),
            ("scrolled back", { $0.catalog.scrollRow = 0 }, false),
            ("a search's letters marked", { $0.catalog.listedQuery = "product 9" }, false),
            ("no search", { $0.catalog.listedQuery = nil }, false),
            ("the help over it", { $0.presented.append(.help(HelpState())) }, false),
            ("the help closed", { $0.presented.removeAll() }, false),
            ("16 colours", { $0.colorMode = .color16 }, true),
            ("Korean", { $0.language = .korean }, false),
            ("ascii", { $0.ascii = true }, false),
            ("an edit in ascii", { $0.catalog.allProducts[4] = Samples.product(96, price: 1) }, false),
            ("not ascii", { $0.ascii = false }, false),
            ("resized", { $0.catalog.size = ScreenSize(columns: size.columns + 7, rows: size.rows + 3) }, true),
            ("the other layout", { $0.catalog.layoutKind = kind == .grid ? .list : .grid }, true),
            ("an edit there", { $0.catalog.allProducts[5] = Samples.product(95, price: 77_000) }, false),
            ("back", { $0.catalog.layoutKind = kind }, true),
            ("nothing listed", { $0.catalog.allProducts = [] }, false),
            ("listed again", { $0.catalog.allProducts = Samples.page(1).products }, false),
            ("too small", { $0.catalog.size = ScreenSize(columns: 20, rows: 5) }, false),
            ("big again", { $0.catalog.size = size }, false),
        ]
        for (what, change, picturesChanged) in changes {
            change(&state)
            if picturesChanged { pictures = Self.pictures(for: state, missing: what == "first frame" ? [97] : []) }
            expectSame(state, over: &frames, memo, retaining: what != "first frame" && !picturesChanged, pictures: pictures, what)
        }
    }

    /// An edit draws the one card it changes; the rest of the list, pictures included, is kept. A key draws the two
    /// cards the selection left and came to. The grid at 120×40: 20 cards, three rows whole and a fourth's top line.
    @Test func drawsOnlyWhatChanged() {
        var state = RetainedFrameTests.grid()
        let memo = CatalogMemo()
        var frames = FrameBuffers()
        let pictures = Self.pictures(for: state)
        var report = expectSame(state, over: &frames, memo, retaining: false, pictures: pictures, "first frame")
        #expect(report.kept == [])
        #expect((memo.laidOut, memo.copied) == (20, 0))
        state.catalog.allProducts[6] = Samples.product(94, price: 99_000)
        report = expectSame(state, over: &frames, memo, retaining: true, pictures: pictures, "an edit")
        let items = state.catalog.layout.itemFrames(count: 20, scrollRow: 0)
        #expect(report.kept.count == 19)
        #expect(!report.kept.contains(items[6].visible))
        #expect((memo.laidOut, memo.copied) == (21, 19))
        // Of all the screen, only the card drawn again (a column more each side): the lines around the list say
        // what they said.
        #expect(report.redrawn?.filter { !$0.isEmpty } == [items[6].visible.insetBy(dx: -1, dy: 0)])
        state.catalog.selectedIndex = 1
        report = expectSame(state, over: &frames, memo, retaining: true, pictures: pictures, "a key")
        #expect(report.kept.count == 18)
        #expect((memo.laidOut, memo.copied) == (23, 37))
        // The status line says where the selection is now: it, and the two cards.
        let layout = state.catalog.layout
        let redrawn = report.redrawn?.filter { !$0.isEmpty } ?? []
        #expect(redrawn.count == 3)
        #expect(Set(redrawn) == [layout.status, items[0].visible.insetBy(dx: -1, dy: 0), items[1].visible.insetBy(dx: -1, dy: 0)])
        // Scrolled: the list stands elsewhere, so it is drawn again whole (its items copied, none laid out).
        state.catalog.scrollRow = 1
        report = expectSame(state, over: &frames, memo, retaining: true, pictures: pictures, "scrolled")
        #expect(report.kept == [])
    }

    static func grid() -> BrowserState {
        var state = Samples.loaded()
        state.catalog.layoutKind = .grid
        return state
    }
}

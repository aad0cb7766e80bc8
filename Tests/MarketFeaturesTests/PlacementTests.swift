import Foundation
import ImagePipeline
import OpenMarketAPI
import TerminalUI
import Testing

@testable import MarketFeatures

/// Screens say where each picture goes; the layout's item frames are the one source of those rectangles.
@Suite("Picture placements")
struct PlacementTests {
    func report(_ state: BrowserState) -> FrameReport {
        var canvas = Canvas(width: 0, height: 0)
        return BrowserScreen(state: state).render(into: &canvas)
    }

    @Test("the list places each visible thumbnail in its row's picture box, then the next row's as upcoming")
    func list() {
        let state = Samples.loaded()
        let placements = report(state).pictures
        let frames = state.layout.itemFrames(count: state.catalog.products.count, scrollRow: 0)
        let shown = placements.filter(\.isShown)
        #expect(shown.count == frames.count)
        for (placement, item) in zip(shown, frames) {
            #expect(placement.url == state.catalog.products[item.index].thumbnailURL)
            #expect(placement.frame == Rect(x: item.frame.x + 2, y: item.frame.y, width: 6, height: 3))
        }
        let upcoming = placements.filter { !$0.isShown }
        #expect(upcoming.map(\.url) == [state.catalog.products[frames.count].thumbnailURL])
    }

    @Test("the edit form in a window too short for its pictures shows only their part above the status line (at 60×16, three rows of four), never over it")
    func formCutAtStatus() {
        var state = Samples.loaded(size: ScreenSize(columns: 60, rows: 16))
        state.presented = [.form(ProductFormState(editing: Samples.product(100), images: Samples.detail(100).images))]
        let placements = report(state).pictures
        #expect(placements.map(\.url) == Samples.detail(100).images.map(\.thumbnailURL))
        #expect(placements.map(\.frame.height) == [4, 4, 4] && placements.map(\.visible.height) == [3, 3, 3], "\(placements)")
        #expect(placements.allSatisfy { $0.visible.maxY == state.layout.status.y }, "\(placements)")
    }

    @Test("a grid card cut by the bottom edge places its whole picture rectangle but shows only its top")
    func cutCard() {
        var state = Samples.loaded(size: ScreenSize(columns: 100, rows: 30))
        state.catalog.layoutKind = .grid
        let layout = state.layout
        let cut = layout.itemFrames(count: state.catalog.products.count, scrollRow: 0).filter { !$0.isWhole }
        #expect(!cut.isEmpty, "30 rows leave a cut row of cards")
        let placements = report(state).pictures.filter(\.isShown)
        for item in cut {
            let url = state.catalog.products[item.index].thumbnailURL
            guard let placement = placements.first(where: { $0.url == url }) else { continue }
            #expect(placement.frame.height == layout.thumbnailRows)
            #expect(placement.visible.maxY <= layout.content.maxY)
            #expect(placement.visible.height < placement.frame.height || placement.frame.maxY <= layout.content.maxY)
        }
    }

    @Test("a click on a cut card selects it: hit-testing uses the same frames as drawing")
    func clickCutCard() {
        var state = Samples.loaded(size: ScreenSize(columns: 100, rows: 30))
        state.catalog.layoutKind = .grid
        let item = try! #require(state.layout.itemFrames(count: state.catalog.products.count, scrollRow: 0).last)
        #expect(!item.isWhole)
        var browser = BrowserTester(browser: state)
        browser.send(
            .mouse(MouseEvent(kind: .press, x: item.visible.x + 1, y: item.visible.y)),
            effects: [.loadPage(requestID: 2, page: 2, itemsPerPage: 20, search: nil)]  // near the end: the next page
        ) {
            $0.catalog.selectedIndex = item.index
            $0.catalog.scrollRow = 1
            $0.catalog.pageLoad = .loading(2, page: 2)
            $0.catalog.nextRequestID = 3
        }
        #expect(browser.state.layout.frame(of: item.index, scrollRow: browser.state.catalog.scrollRow) != nil, "scrolled in whole")
    }

    @Test("the detail places its large picture; the list under it places nothing")
    func detail() {
        var state = Samples.loaded()
        var detail = DetailState(summary: state.catalog.products[0])
        detail.detail = Samples.detail(100)
        detail.phase = .loaded
        state.presented = [.detail(detail)]
        let placements = report(state).pictures
        #expect(placements.count == 1)
        #expect(placements.first?.url == Samples.detail(100).images[0].url)
        #expect((placements.first?.frame.width ?? 0) > 20)
    }

    @Test("help covers the grid's pictures under it")
    func helpCovers() {
        var state = Samples.loaded()
        state.catalog.layoutKind = .grid
        state.presented = [.help(HelpState())]
        let report = report(state)
        #expect(report.covers.count == 1)
        let box = report.covers[0]
        #expect(report.pictures.contains { $0.visible.intersection(box).isEmpty == false }, "some thumbnails lie under the box")
        #expect(report.shownPictures.count < report.pictures.filter(\.isShown).count, "one lies wholly under it")
    }
}

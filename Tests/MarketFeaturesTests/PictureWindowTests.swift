import Foundation
import Mocks
import OpenMarketAPI
import TerminalUI
import Testing

@testable import MarketFeatures

/// The picture on the whole window: opened from the detail on the picture it shows, stepped through, placed
/// over the whole window but its caption, and closed back onto the detail at the picture shown last.
@Suite("The picture window")
struct PictureWindowTests {
    static func detailShown(pictures: Int = 3, size: ScreenSize = ScreenSize(columns: 120, rows: 40)) -> BrowserState {
        var state = Samples.loaded(size: size)
        let product = state.catalog.products[0]
        var detail = DetailState(summary: product)
        detail.detail = Samples.detail(product.id, pictures: pictures)
        detail.phase = .loaded
        detail.imageIndex = 1
        state.presented = [.detail(detail)]
        return state
    }

    @Test("z opens it on the detail's picture, at full size; → and ← step round; Esc closes it onto the picture shown last")
    func steps() {
        var browser = BrowserTester(browser: Self.detailShown())
        guard case .detail(var detail) = browser.state.presented[0] else { Issue.record("no detail"); return }
        let id = detail.id
        let pictures = (1...3).map { URL(string: "http://m.test/\(id)/\($0).jpg")! }
        browser.send(.keyPressed(.character("z"))) {
            $0.presented.append(.pictureWindow(PictureWindowState(productID: id, name: "Product \(id)", pictures: pictures, index: 1)))
        }
        browser.send(.keyPressed(.right)) { $0.presented[1] = .pictureWindow(PictureWindowState(productID: id, name: "Product \(id)", pictures: pictures, index: 2)) }
        browser.send(.keyPressed(.character("l"))) { $0.presented[1] = .pictureWindow(PictureWindowState(productID: id, name: "Product \(id)", pictures: pictures, index: 0)) }
        browser.send(.keyPressed(.character("j")))  // not the window's: nothing, and nothing below it moves
        browser.send(.keyPressed(.escape)) {
            detail.imageIndex = 0
            $0.presented = [.detail(detail)]
        }
        browser.send(.keyPressed(.enter)) {
            $0.presented.append(.pictureWindow(PictureWindowState(productID: id, name: "Product \(id)", pictures: pictures, index: 0)))
        }
        browser.send(.keyPressed(.character("z"))) { $0.presented = [.detail(detail)] }
    }

    @Test("before the detail has loaded, the window shows the thumbnail it has; with nothing at all, z does nothing")
    func beforeTheDetail() {
        var state = Samples.loaded()
        let product = state.catalog.products[0]
        state.presented = [.detail(DetailState(summary: product))]
        var browser = BrowserTester(browser: state)
        browser.send(.keyPressed(.character("z"))) {
            $0.presented.append(.pictureWindow(PictureWindowState(productID: product.id, name: product.name, pictures: [product.thumbnailURL!])))
        }
        var bare = product
        bare.thumbnailURL = nil
        var none = BrowserTester(browser: { var s = Samples.loaded(); s.presented = [.detail(DetailState(summary: bare))]; return s }())
        none.send(.keyPressed(.character("z")))
    }

    @Test("placed on the whole window but the caption, at any size; the caption names the product, which picture, the keys")
    func placement() {
        for size in [ScreenSize(columns: 80, rows: 24), ScreenSize(columns: 200, rows: 60), ScreenSize(columns: 40, rows: 12)] {
            var browser = BrowserTester(browser: Self.detailShown(size: size))
            let product = browser.state.catalog.products[0]
            let pictures = (1...3).map { URL(string: "http://m.test/\(product.id)/\($0).jpg")! }
            browser.send(.keyPressed(.character("z"))) {
                $0.presented.append(
                    .pictureWindow(PictureWindowState(productID: product.id, name: "Product \(product.id)", pictures: pictures, index: 1)))
            }
            var canvas = Canvas(width: 0, height: 0)
            let report = BrowserScreen(state: browser.state).render(into: &canvas)
            #expect(report.pictures.map(\.frame) == [Rect(x: 0, y: 0, width: size.columns, height: size.rows - 1)], "\(size)")
            #expect(report.pictures.first?.url.absoluteString.hasSuffix("/2.jpg") == true, "the picture itself, not a thumbnail")
            let caption = canvas.trimmedLines().last ?? ""
            #expect(caption.contains("Product") && caption.contains("2/3") && (size.columns < 80 || caption.contains("q back")), "\(caption)")
            #expect(DisplayWidth.of(caption) <= size.columns)
        }
    }

    @Test("a resize while it shows: the window stays, on the same picture, and the picture is placed anew on the whole new window")
    func resized() {
        var browser = BrowserTester(browser: Self.detailShown())
        guard case .detail(let detail) = browser.state.presented[0] else { Issue.record("no detail"); return }
        let id = detail.id
        let pictures = (1...3).map { URL(string: "http://m.test/\(id)/\($0).jpg")! }
        browser.send(.keyPressed(.character("z"))) {
            $0.presented.append(.pictureWindow(PictureWindowState(productID: id, name: "Product \(id)", pictures: pictures, index: 1)))
        }
        for size in [ScreenSize(columns: 80, rows: 24), ScreenSize(columns: 200, rows: 60)] {
            browser.send(.resized(size)) { $0.catalog.size = size }
            var canvas = Canvas(width: 0, height: 0)
            let report = BrowserScreen(state: browser.state).render(into: &canvas)
            #expect(report.pictures.map(\.frame) == [Rect(x: 0, y: 0, width: size.columns, height: size.rows - 1)], "\(size)")
            #expect(report.pictures.first?.url == pictures[1])
            #expect(canvas.width == size.columns && canvas.height == size.rows)
        }
    }
}


import Foundation
import ImageCodec
import ImagePipeline
import MarketFeatures
import NIOConcurrencyHelpers
import Mocks
import OpenMarketAPI
import TerminalCurses
import TerminalPictures
import TerminalUI

/// What one edit of a product on screen costs a browser, stage by stage, as under `openmarket ssh` on its own
/// market (the change socket): the event's bytes read into a change (the stream's parser, then the product
/// decoded), the change handled, the frame rendered (with the loop's `CatalogMemo`), its pictures painted from
/// memory, and ncurses' flush of what changed. A 100×30 grid of page 1 (20 products), the first one edited,
/// as the crowd's visitors see it (bench/crowd.py --edits-per-second; bench/keys.py times the whole browser).
enum EditBench {
    /// Whether frames are drawn over the last (`OPENMARKET_BENCH_RETAINED=0`: each laid out whole, as before).
    static let retained = ProcessInfo.processInfo.environment["OPENMARKET_BENCH_RETAINED"] != "0"

    static func event(_ id: Int, price: Int, number: Int) -> [UInt8] {
        let data = """
            {"id":\(id),"vendor_id":1,"vendorName":"Seoul Crafts","name":"프리미엄 운동화 \(id)",\
            "description":"A well-made thing that lasts for years. Ships within two business days from Seoul.",\
            "thumbnail":"http://127.0.0.1:8080/images/3/20261121/5f5b4f083717ae946c5930e769a56ca0_thumb.jpg",\
            "currency":"KRW","price":\(price),"bargain_price":\(price),"discounted_price":0,\
            "stock":7,"created_at":"2026-11-21T20:33:14","issued_at":"2026-11-21T20:33:14"}
            """
        return Array("id: \(number)\nevent: edited\ndata: \(data)\n\n".utf8)
    }

    static func run() async throws -> [String] {
        let page = try JSONDecoder().decode(ProductPage.self, from: PageDecodeBench.pageJSON(items: 20))
        var state = BrowserState(size: ScreenSize(columns: 100, rows: 30))
        var effects = state.handle(.started)
        effects += state.handle(.pageLoaded(requestID: 1, .success(page)))
        effects += state.handle(.keyPressed(.character("v")))
        effects += state.handle(.live(.opened(resumed: false)))
        _ = effects  // the bench drives the state by hand: no effect is carried out
        guard state.catalog.layout.kind == .grid, let edited = page.products.first?.id else { return ["the grid did not come"] }
        guard let headless = HeadlessCurses(columns: 100, rows: 30) else { return ["headless curses unavailable"] }
        let thumbnail = try ImageEncoder().jpeg(FixturePictures.photo(width: 200, height: 150, grain: 20), quality: 82)
        var images: [ImageCacheKey: CellImage] = [:]
        let memo = CatalogMemo()
        var frames = FrameBuffers()
        // The market's end of a change socket, and the browser's reader (`ChangeSocketReader`), as under `openmarket ssh`.
        let listener = try LocalSocketListener()
        let delivered = NIOLockedValueBox<[MarketChange]>([])
        guard
            let reader = ChangeSocketReader.connect(
                to: listener.path, deliver: { if case .change(let change) = $0 { delivered.withLockedValue { $0.append(change) } } },
                ended: { _ in })
        else { return ["could not connect to the change socket"] }
        let market = await listener.accept()
        defer { close(market) }
        var picturesCame = true
        let edits = Int(ProcessInfo.processInfo.environment["OPENMARKET_BENCH_EDITS"] ?? "") ?? 3_000
        var read: [Double] = [], handle: [Double] = [], render: [Double] = [], paint: [Double] = [], flush: [Double] = []
        var measuredBytes = 0
        for number in 0..<(edits + 50) {
            let bytes = event(edited, price: 1_000_000 + number * 1_111 % 9_000_000, number: number)
            _ = bytes.withUnsafeBytes { write(market, $0.baseAddress, $0.count) }
            let t0 = ContinuousClock.now
            _ = reader.readable()
            let changes = delivered.withLockedValue { changes in
                defer { changes = [] }
                return changes
            }
            let t1 = ContinuousClock.now
            for change in changes { _ = state.handle(.live(.change(change))) }
            let t2 = ContinuousClock.now
            // As the browser's loop draws: over the last frame unless pictures came (`BrowserScreen.render(retaining:)`).
            let retaining = retained && !picturesCame
            frames.next(over: retaining)
            let screen = BrowserScreen(state: state)
            let report = screen.render(into: &frames.current, memo: memo, retaining: retaining)
            let t3 = ContinuousClock.now
            let painter = HalfBlockPainter(images: images, palette: screen.palette)
            painter.paint(report, into: &frames.current)
            frames.drew(report.redrawn)
            let t4 = ContinuousClock.now
            let before = number == 50 ? headless.bytesWritten : 0
            headless.draw(frames.current)
            let t5 = ContinuousClock.now
            if number == 50 { measuredBytes = before }
            picturesCame = false
            for key in painter.keys(for: report) where images[key] == nil {  // the first frames' pictures, outside the timing
                images[key] = try ThumbnailRenderer(palette: key.palette).render(thumbnail, columns: key.columns, rows: key.rows)
                picturesCame = true
            }
            guard number >= 50 else { continue }  // the pictures in, the memo warm
            read.append(BenchTiming.seconds(t1 - t0) * 1e6)
            handle.append(BenchTiming.seconds(t2 - t1) * 1e6)
            render.append(BenchTiming.seconds(t3 - t2) * 1e6)
            paint.append(BenchTiming.seconds(t4 - t3) * 1e6)
            flush.append(BenchTiming.seconds(t5 - t4) * 1e6)
        }
        let bytes = (headless.bytesWritten - measuredBytes) / edits
        let total = zip(read, zip(handle, zip(render, zip(paint, flush)))).map { $0 + $1.0 + $1.1.0 + $1.1.1.0 + $1.1.1.1 }
        func row(_ name: String, _ values: [Double]) -> String {
            "| \(name) | \(f(BenchTiming.median(values))) | \(f(FrameBench.percentile(values, 0.9))) |"
        }
        return [
            "\(edits) edits of the first product of a 100×30 grid (20 products), \(bytes) bytes a frame, frames \(retained ? "drawn over the last" : "whole"); µs",
            "",
            "| stage | p50 µs | p90 µs |",
            "|---|---|---|",
            row("event read (from the socket, parsed, product decoded)", read),
            row("change handled", handle),
            row("frame rendered (with the memo)", render),
            row("pictures painted", paint),
            row("ncurses flush", flush),
            row("in all", total),
        ]
    }

    static func f(_ v: Double) -> String { String(format: "%.1f", v) }
}

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
/// the cells the browser keeps them in (`CellPictures`), and ncurses' flush of what changed. A 100×30 grid of
/// page 1 (20 products), the first one edited, as the crowd's visitors see it (bench/crowd.py
/// --edits-per-second; bench/keys.py times the whole browser). Beside it, a key (j and k in turn) through the same
/// stages, as the crowd presses them.
///
/// Each case is timed warm (one frame after another) and cold: before each frame 64 MB are written over, as a
/// crowd's 2,000 browsers leave the caches to the one an edit wakes (an edit a second reaches each of them after
/// some 2,000 others have run).
enum EditBench {
    /// Whether frames are drawn over the last (`OPENMARKET_BENCH_RETAINED=0`: each laid out whole, as before).
    static let retained = ProcessInfo.processInfo.environment["OPENMARKET_BENCH_RETAINED"] != "0"

    /// One case's times by stage (µs, one entry a frame) and bytes a frame.
    struct Stages {
        var read: [Double] = [], handle: [Double] = [], render: [Double] = [], paint: [Double] = [], flush: [Double] = []
        var bytes = 0
        var total: [Double] { read.indices.map { read[$0] + handle[$0] + render[$0] + paint[$0] + flush[$0] } }
    }

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
        let frames = Int(ProcessInfo.processInfo.environment["OPENMARKET_BENCH_EDITS"] ?? "") ?? 3_000
        let coldFrames = max(1, frames / 6)
        let cases: [(name: String, key: Bool, cold: Bool, count: Int)] = [
            ("an edit, warm", false, false, frames), ("an edit, cold", false, true, coldFrames),
            ("a key, warm", true, false, frames), ("a key, cold", true, true, coldFrames),
        ]
        var results: [Stages] = []
        do {
            for each in cases { results.append(try await measure(key: each.key, cold: each.cold, frames: each.count)) }
        } catch let failure as Failure {
            return [failure.text]
        }
        func row(_ name: String, _ values: (Stages) -> [Double]) -> String {
            "| \(name) | " + results.map { f(BenchTiming.median(values($0))) }.joined(separator: " | ") + " |"
        }
        return [
            "The first product of a 100×30 grid (20 products) edited, and j/k pressed, \(frames) frames warm and "
                + "\(coldFrames) cold (64 MB written over before each); frames \(retained ? "drawn over the last" : "whole"); "
                + "bytes a frame: " + zip(cases, results).map { "\($0.name) \($1.bytes)" }.joined(separator: ", ") + "; medians, µs",
            "",
            "| stage | " + cases.map(\.name).joined(separator: " | ") + " |",
            "|---|" + cases.map { _ in "---|" }.joined(),
            row("event read (from the socket, parsed, product decoded)", \.read),
            row("change or key handled", \.handle),
            row("frame rendered (with the memo)", \.render),
            row("pictures painted", \.paint),
            row("ncurses flush", \.flush),
            row("in all", \.total),
        ]
    }

    struct Failure: Error {
        let text: String
    }

    /// One case: `frames` edits (or keys, `key`), each after 64 MB written over when `cold`.
    static func measure(key: Bool, cold: Bool, frames count: Int) async throws -> Stages {
        let page = try JSONDecoder().decode(ProductPage.self, from: PageDecodeBench.pageJSON(items: 20))
        var state = BrowserState(size: ScreenSize(columns: 100, rows: 30))
        var effects = state.handle(.started)
        effects += state.handle(.pageLoaded(requestID: 1, .success(page)))
        effects += state.handle(.keyPressed(.character("v")))
        effects += state.handle(.live(.opened(resumed: false)))
        _ = effects  // the bench drives the state by hand: no effect is carried out
        guard state.catalog.layout.kind == .grid, let edited = page.products.first?.id else { throw Failure(text: "the grid did not come") }
        guard let headless = HeadlessCurses(columns: 100, rows: 30) else { throw Failure(text: "headless curses unavailable") }
        let thumbnail = try ImageEncoder().jpeg(FixturePictures.photo(width: 200, height: 150, grain: 20), quality: 82)
        var pictures: [ImageCacheKey: Canvas] = [:]  // in cells, as the browser keeps them (`CellPictures`)
        let memo = CatalogMemo()
        var frames = FrameBuffers()
        // The market's end of a change socket, and the browser's reader (`ChangeSocketReader`), as under `openmarket ssh`.
        let listener = try LocalSocketListener()
        let delivered = NIOLockedValueBox<[MarketChange]>([])
        guard
            let reader = ChangeSocketReader.connect(
                to: listener.path, deliver: { if case .change(let change) = $0 { delivered.withLockedValue { $0.append(change) } } },
                ended: { _ in })
        else { throw Failure(text: "could not connect to the change socket") }
        let market = await listener.accept()
        defer { close(market) }
        // What a crowd's other browsers do to the caches between two frames of this one: 64 MB written over, a byte
        // in each cache line (through the cache: `memset` of that size streams past it and leaves it warm), in memory
        // from `allocate`, whose writes the optimiser does not drop.
        let evictor = UnsafeMutableRawBufferPointer.allocate(byteCount: cold ? 64 << 20 : 0, alignment: 64)
        defer { evictor.deallocate() }
        var picturesCame = true
        var stages = Stages()
        var measuredBytes = 0
        for number in 0..<(count + 50) {
            if cold {
                for offset in stride(from: number & 63, to: evictor.count, by: 64) { evictor[offset] &+= 1 }
            }
            let t0: ContinuousClock.Instant
            let t1: ContinuousClock.Instant
            if key {
                t0 = ContinuousClock.now
                t1 = t0
                _ = state.handle(.keyPressed(.character(number % 2 == 0 ? "j" : "k")))
            } else {
                let bytes = event(edited, price: 1_000_000 + number * 1_111 % 9_000_000, number: number)
                _ = bytes.withUnsafeBytes { write(market, $0.baseAddress, $0.count) }
                t0 = ContinuousClock.now
                _ = reader.readable()
                let changes = delivered.withLockedValue { changes in
                    defer { changes = [] }
                    return changes
                }
                t1 = ContinuousClock.now
                for change in changes { _ = state.handle(.live(.change(change))) }
            }
            let t2 = ContinuousClock.now
            // As the browser's loop draws: over the last frame unless pictures came (`BrowserScreen.render(retaining:)`).
            let retaining = retained && !picturesCame
            frames.next(over: retaining)
            let screen = BrowserScreen(state: state)
            let report = screen.render(into: &frames.current, memo: memo, retaining: retaining)
            let t3 = ContinuousClock.now
            let painter = HalfBlockPainter(pictures: pictures, palette: screen.palette)
            painter.paint(report, into: &frames.current)
            frames.drew(report.redrawn)
            let t4 = ContinuousClock.now
            let before = number == 50 ? headless.bytesWritten : 0
            headless.draw(frames.current)
            let t5 = ContinuousClock.now
            if number == 50 { measuredBytes = before }
            picturesCame = false
            for key in painter.keys(for: report) where pictures[key] == nil {  // the first frames' pictures, outside the timing
                pictures[key] = try ThumbnailRenderer(palette: key.palette).render(thumbnail, columns: key.columns, rows: key.rows).cells
                picturesCame = true
            }
            guard number >= 50 else { continue }  // the pictures in, the memo warm
            stages.read.append(BenchTiming.seconds(t1 - t0) * 1e6)
            stages.handle.append(BenchTiming.seconds(t2 - t1) * 1e6)
            stages.render.append(BenchTiming.seconds(t3 - t2) * 1e6)
            stages.paint.append(BenchTiming.seconds(t4 - t3) * 1e6)
            stages.flush.append(BenchTiming.seconds(t5 - t4) * 1e6)
        }
        stages.bytes = (headless.bytesWritten - measuredBytes) / count
        return stages
    }

    static func f(_ v: Double) -> String { String(format: "%.1f", v) }
}

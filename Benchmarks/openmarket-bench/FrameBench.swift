import Foundation
import ImageCodec
import ImagePipeline
import MarketFeatures
import Mocks
import OpenMarketAPI
import TerminalCurses
import TerminalPictures
import TerminalUI

/// Frame time (Canvas render + ncurses flush) at 200×60 with 10,000 products loaded, list and grid,
/// and resident memory with those products and a full thumbnail cache.
enum FrameBench {
    static func products(_ count: Int) throws -> [ProductSummary] {
        var all: [ProductSummary] = []
        for page in 1...(count / 100) {
            all += try JSONDecoder().decode(ProductPage.self, from: PageDecodeBench.pageJSON(items: 100, page: page)).products
        }
        // Every product its own picture URL, so every thumbnail is its own cache entry.
        for i in all.indices {
            all[i].thumbnailURL = URL(string: "http://127.0.0.1:8080/images/\(all[i].id)_thumb.jpg")
        }
        return all
    }

    static func state(_ products: [ProductSummary], kind: LayoutKind) -> BrowserState {
        var state = BrowserState(size: ScreenSize(columns: 200, rows: 60))
        _ = state.handle(.started)
        let page = ProductPage(
            pageNumber: 100, itemsPerPage: 100, totalCount: products.count, offset: 0, limit: products.count,
            lastPage: 100, hasNext: false, hasPrev: true, products: products)
        _ = state.handle(.pageLoaded(requestID: 1, .success(page)))
        if kind == .grid { _ = state.handle(.keyPressed(.character("v"))) }
        return state
    }

    static func percentile(_ values: [Double], _ p: Double) -> Double {
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p))]
    }

    static func residentMB() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kb = Double(line.split(separator: " ").dropFirst().first ?? "")
        else { return 0 }
        return kb / 1024
    }

    static func run() async throws -> [String] {
        let baseline = residentMB()
        let all = try products(10_000)
        let thumbnail = try ImageEncoder().jpeg(FixturePictures.photo(width: 200, height: 150, grain: 20), quality: 82)
        var lines = ["| layout | frames | render p50 ms | render p99 ms | render+flush p50 ms | render+flush p99 ms | bytes/frame |", "|---|---|---|---|---|---|---|"]
        var cacheForMemory: ImageCache?
        for kind in [LayoutKind.list, .grid] {
            var state = state(all, kind: kind)
            // Thumbnails for everything that will be on screen, rendered as the app renders them.
            var images: [ImageCacheKey: CellImage] = [:]
            var canvas = Canvas(width: 0, height: 0)
            guard let headless = HeadlessCurses(columns: 200, rows: 60) else { return ["headless curses unavailable"] }
            var render: [Double] = []
            var total: [Double] = []
            let frames = Int(ProcessInfo.processInfo.environment["OPENMARKET_BENCH_FRAMES"] ?? "") ?? 600
            let startBytes = headless.bytesWritten
            for frame in 0..<frames {
                let key: KeyEvent = frame % 150 < 120 ? .down : .up
                _ = state.handle(.keyPressed(key))
                let t0 = ContinuousClock.now
                let screen = BrowserScreen(state: state)
                let report = screen.render(into: &canvas)
                let painter = HalfBlockPainter(images: images, palette: screen.palette)
                painter.paint(report, into: &canvas)
                let wanted = painter.keys(for: report)
                let t1 = ContinuousClock.now
                headless.draw(canvas)
                let t2 = ContinuousClock.now
                render.append(BenchTiming.seconds(t1 - t0) * 1000)
                total.append(BenchTiming.seconds(t2 - t0) * 1000)
                for k in wanted where images[k] == nil {  // pictures arrive outside the timed part
                    images[k] = try ThumbnailRenderer(palette: k.palette).render(thumbnail, columns: k.columns, rows: k.rows)
                }
            }
            let bytes = (headless.bytesWritten - startBytes) / frames
            lines.append(
                "| \(kind.rawValue) 200×60, 10,000 products | \(frames) | \(f(percentile(render, 0.5))) | \(f(percentile(render, 0.99))) | \(f(percentile(total, 0.5))) | \(f(percentile(total, 0.99))) | \(bytes) |")
        }
        // Memory: 10,000 products in the state and a thumbnail cache filled to its count limit.
        let cache = ImageCache(totalCostLimit: 32 << 20, countLimit: 4_000) { key in
            try ThumbnailRenderer(palette: key.palette).render(thumbnail, columns: key.columns, rows: key.rows)
        }
        for product in all.prefix(4_000) {
            _ = try await cache.image(for: ImageCacheKey(url: product.thumbnailURL!, columns: 6, rows: 3, palette: .xterm256))
        }
        for product in all.prefix(400) {
            _ = try await cache.image(for: ImageCacheKey(url: product.thumbnailURL!, columns: 20, rows: 7, palette: .xterm256))
        }
        cacheForMemory = cache
        let state = state(all, kind: .list)
        let count = await cacheForMemory?.count ?? 0
        let cost = await cacheForMemory?.totalCost ?? 0
        lines.append("")
        lines.append(
            "resident memory: \(f(residentMB())) MB in all (\(f(baseline)) MB before) with \(state.catalog.products.count) products loaded and \(count) thumbnails cached (\(cost / 1024) KiB of cells)")
        return lines
    }

    static func f(_ v: Double) -> String { String(format: "%.2f", v) }
}

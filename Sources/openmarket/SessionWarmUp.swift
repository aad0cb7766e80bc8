@_spi(ExperimentalScheduling) import _Concurrency
import Foundation
import Launch
import Localization
import Logging
import MarketApp
import MarketFeatures
import MarketSSH
import MarketWords
import NIOPosix
import OpenMarketAPI
import TerminalCurses
import TerminalPictures
import TerminalUI

/// What a session template does once, before it forks any browser: the first steps every browser takes, on
/// made-up data, so that their one-time costs — the Swift runtime's conformance lookups and generic metadata,
/// the settings' and key map's tables, the command-line parser's reflection, the phrases of both languages —
/// are paid here and shared by every browser forked after (docs/BENCHMARKS.md measures the difference).
///
/// Nothing here may leave a thread behind, or touch a file or a terminal: the template forks from this state, and
/// must be single-threaded to do so safely. The one part that needs threads — the browser's first request to its
/// market, which makes SwiftNIO's and AsyncHTTPClient's first uses — runs on an event loop of its own whose thread
/// is retired before the template forks, with the concurrency runtime's jobs taken on this thread
/// (`SessionTemplateJobs`).
enum SessionWarmUp {
    /// What the warm-up leaves for the browsers forked after it.
    struct Warmed {
        /// The browsers' common command line, parsed (a browser with the same arguments is not parsed again).
        var arguments: [String] = []
        var browse: BrowseCommand?
        /// The warm-up's transport, kept for good, never used again: AsyncHTTPClient's and SwiftNIO's shutdowns call
        /// back on libdispatch queues, which would start threads; its connections are closed and its event loop's
        /// thread retired instead.
        var transport: AsyncHTTPTransport?
    }

    /// Warms up on `arguments` (the browsers' `browse …`); `network`: whether to make the first request to the
    /// market too.
    static func run(browserArguments arguments: [String], network: Bool) -> Warmed {
        var warmed = Warmed(arguments: arguments)
        guard arguments.first == "browse", let browse = try? BrowseCommand.parse(Array(arguments.dropFirst())) else { return warmed }
        warmed.browse = browse
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        guard let settings = try? browse.settings(environment: environment) else { return warmed }
        let logger = Logger(label: "openmarket.warm-up") { _ in SwiftLogNoOpLogHandler() }
        let configuration = browse.resolve(
            settings, environment: environment, answers: TerminalAnswers(), baseURL: URL(string: "http://127.0.0.1:1/")!, saved: nil,
            embedded: nil, logger: logger)
        // First uses every browser makes right after the fork, each paid once here (perf of forked starts): the log's
        // time stamp (Foundation's calendar cache), Foundation's NSString path for trimming, the loop's generic types.
        _ = Date(timeIntervalSince1970: 0).formatted(.iso8601)
        _ = " warm ".trimmingCharacters(in: .whitespacesAndNewlines)
        BrowserRuntime.warmUp()
        // The terminal's own types (its mailbox, its input stream: made, not started), a file URL's path (the data
        // directory is made through it), and the transport's streaming conformance that the change stream asks.
        let terminal = CursesTerminal(terminalType: "xterm-256color")
        // `Task.sleep` asks whether the task's executor schedules timers itself — the terminal's thread, or the global
        // executor — a cast to `SchedulingExecutor` that, made first in a browser, scanned every conformance record
        // (2.9% of a forked start).
        _ = (terminal as Any) as? any SchedulingExecutor
        _ = (globalConcurrentExecutor as Any) as? any SchedulingExecutor
        SessionBudget.warmUp()
        // More of a browser's first uses (perf of forked starts): the shared file manager, and the curses screen's
        // colour pairs (a dictionary of Int32s grown; written out, so that it is not optimized away).
        _ = FileManager.default
        var pairs: [Int32: Int32] = [:]
        pairs[1] = 1
        _ = String(describing: pairs)
        _ = URL(fileURLWithPath: "/").appendingPathComponent("openmarket").path
        _ = (AsyncHTTPTransport.self as Any) as? any StreamingTransport.Type
        guard let page = try? ResponseDecoder.decode(ProductPage.self, from: Array(samplePage.utf8)) else { return warmed }
        var parser = ServerSentEventParser()
        let changes = ((try? parser.feed(Array(sampleEvents.utf8))) ?? []).compactMap { MarketChange($0) }
        for language in [Language.english, .korean] {
            for layout in [LayoutKind.list, .grid] {
                var state = BrowserState(
                    size: ScreenSize(columns: 80, rows: 24), colorMode: .color256, maxColors: 256,
                    itemsPerPage: configuration.itemsPerPage, serverLabel: configuration.serverLabel)
                state.keymap = configuration.keymap
                state.language = language
                state.themeName = configuration.theme
                state.catalog.layoutKind = layout
                var requests = state.handle(.started)
                if case .loadPage(let id, _, _, _, _) = requests.first {
                    requests = state.handle(.pageLoaded(requestID: id, .success(page)))
                }
                _ = state.handle(.live(.opened(resumed: false)))
                for change in changes { _ = state.handle(.live(.change(change))) }
                for key in ["j", "l", "k"] { _ = state.handle(.keyPressed(.character(Character(key)))) }
                _ = state.handle(.resized(ScreenSize(columns: 120, rows: 40)))
                var canvas = Canvas(width: 0, height: 0)
                let screen = BrowserScreen(state: state)
                let report = screen.render(into: &canvas)
                HalfBlockPainter(images: [:], palette: screen.palette).paint(report, into: &canvas)
            }
        }
        // Plain HTTP only: AsyncHTTPClient makes a TLS context on a libdispatch queue, which would start a thread.
        if network, let address = settings[.server].value.url, let server = URL(string: address), server.scheme == "http" {
            warmed.transport = firstRequests(to: server, itemsPerPage: configuration.itemsPerPage)
        }
        return warmed
    }

    /// Page 1 from `server` as a browser first asks for it through the requests' client, and the market's health
    /// through the streams' (not the change stream: a stream would count the template as a visitor), on an event
    /// loop of the warm-up's own whose thread is retired after. Best effort, two seconds at most: a market that does
    /// not answer leaves the browsers as cold as before. Returns the transport, to be kept.
    static func firstRequests(to server: URL, itemsPerPage: Int) -> AsyncHTTPTransport {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        // Its connections close once idle for 10 ms, before the loop's thread is retired.
        let transport = AsyncHTTPTransport(
            eventLoopGroup: group, connectTimeout: .seconds(1), readTimeout: .seconds(1), idleTimeout: .milliseconds(10),
            racesTimer: false)
        let client = OpenMarketClient(baseURL: server, transport: transport, timeout: .seconds(2))
        let health = TransportRequest(method: "GET", url: server.appendingPathComponent(MarketPaths.health), timeout: .seconds(2))
        _ = SessionTemplateJobs.run(within: .seconds(2)) {
            _ = try? await client.page(number: 1, itemsPerPage: itemsPerPage)
            if let stream = try? await transport.open(health) {
                do {
                    for try await _ in stream.body {}
                } catch {}
            }
        }
        SessionTemplateJobs.drain(for: .milliseconds(50))
        SessionTemplateJobs.retire(group.next())
        SessionTemplateJobs.release()
        return transport
    }

    /// A page as the market sends it (two products, one discounted).
    static let samplePage = """
        {"pageNo":1,"itemsPerPage":20,"totalCount":2,"offset":0,"limit":20,"lastPage":1,"hasNext":false,"hasPrev":false,\
        "listing":{"sort":"newest","in_stock":false},"pages":[{"id":2,"vendor_id":1,"name":"Vintage Yo-yo",\
        "description":"[Music & Hobby] Comes with a case.","thumbnail":"http://127.0.0.1:1/images/1/2_thumb.jpg",\
        "currency":"KRW","price":20800,"bargain_price":18100,"discounted_price":2700,"stock":3,\
        "created_at":"2026-11-28T11:00:56","issued_at":"2026-11-28T11:00:56","vendorName":"demo"},{"id":1,"vendor_id":3,\
        "name":"Classic Ledger","description":"[Books] Made for the desk.","thumbnail":"http://127.0.0.1:1/images/3/1_thumb.jpg",\
        "currency":"USD","price":31.5,"bargain_price":31.5,"discounted_price":0,"stock":236,"created_at":"2026-11-28T10:00:56",\
        "issued_at":"2026-11-28T10:00:56","vendorName":"Seoul Crafts"}]}
        """

    /// A change stream's opening as the market sends it: who is here, an edit, a deletion.
    static let sampleEvents = """
        retry: 2000\nevent: viewer\ndata: {"viewer":"00000000000000000000000000000000"}\n\n\
        event: here\ndata: {"browsing":3}\n\nid: 1-1\nevent: edited\ndata: {"id":2,"vendor_id":1,"name":"Vintage Yo-yo",\
        "description":"d","thumbnail":"http://127.0.0.1:1/images/1/2_thumb.jpg","currency":"KRW","price":20800,\
        "bargain_price":17100,"discounted_price":3700,"stock":2,"created_at":"2026-11-28T11:00:56",\
        "issued_at":"2026-11-28T11:00:56","vendorName":"demo"}\n\nid: 1-2\nevent: deleted\ndata: {"id":1}\n\n
        """
}

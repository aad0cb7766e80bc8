import Foundation
import Launch
import Localization
import Logging
import MarketApp
import MarketFeatures
import OpenMarketAPI
import TerminalPictures
import TerminalUI

/// What a session template does once, before it forks any browser: the first steps every browser takes, on
/// made-up data, so that their one-time costs — the Swift runtime's conformance lookups and generic metadata,
/// the settings' and key map's tables, the command-line parser's reflection, the phrases of both languages —
/// are paid here and shared by every browser forked after (docs/BENCHMARKS.md measures the difference).
///
/// Nothing here may start a thread, a task or an event loop (`SessionTemplateLoop`), or touch a file, the
/// network or a terminal: the template forks from this state, and must stay single-threaded to do so safely.
enum SessionWarmUp {
    static func run(browserArguments arguments: [String]) {
        guard arguments.first == "browse", let browse = try? BrowseCommand.parse(Array(arguments.dropFirst())) else { return }
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        guard let settings = try? browse.settings(environment: environment) else { return }
        let logger = Logger(label: "openmarket.warm-up") { _ in SwiftLogNoOpLogHandler() }
        let configuration = browse.resolve(
            settings, environment: environment, answers: TerminalAnswers(), baseURL: URL(string: "http://127.0.0.1:1/")!, saved: nil,
            embedded: nil, logger: logger)
        // First uses every browser makes right after the fork, each paid once here (perf of forked starts): the log's
        // time stamp (Foundation's calendar cache), Foundation's NSString path for trimming, the loop's generic types.
        _ = Date(timeIntervalSince1970: 0).formatted(.iso8601)
        _ = " warm ".trimmingCharacters(in: .whitespacesAndNewlines)
        BrowserRuntime.warmUp()
        guard let page = try? ResponseDecoder.decode(ProductPage.self, from: Array(samplePage.utf8)) else { return }
        var parser = ServerSentEventParser()
        let changes = ((try? parser.feed(Array(sampleEvents.utf8))) ?? []).compactMap(MarketChange.init)
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

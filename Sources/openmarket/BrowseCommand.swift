import ArgumentParser
import CoreMetrics
import Foundation
import Logging
import MarketApp
import MarketFeatures
import MarketServer
import Notices
import OpenMarketAPI
import ServiceLifecycle
import TerminalCurses
import TerminalUI

/// `openmarket` (no arguments): the terminal browser, against the embedded server or `--server URL`.
struct BrowseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "browse",
        abstract: "Browse the market in the terminal (the default).",
        discussion: """
            Without --server, starts the Open Market API server in-process on 127.0.0.1 (a free port, data in \
            the XDG data directory, the demo catalog on first run) and browses it.
            """)

    @Option(help: "Browse this Open Market API server instead of the embedded one.") var server: String?
    @Option(help: "Vendor identifier for writes (default: the embedded server's demo vendor).") var identifier: String?
    @Option(help: "Vendor secret for writes.") var secret: String?
    @Option(help: "The embedded server's data directory (default: $XDG_DATA_HOME/openmarket).") var dataDir: String?
    @Option(help: "Seconds between checks for new products.") var pollInterval: Double = 10
    @Flag(help: "Keep --identifier and --secret (and --server) in $XDG_CONFIG_HOME/openmarket/identity.json (mode 0600).")
    var saveIdentity = false
    @Option(help: "Open this product at start.") var product: Int?
    @Option(help: "How products are laid out at start: grid (the shop window) or list; v toggles.")
    var layout: LayoutKind = .grid
    @Flag(help: "Do not use the mouse.") var noMouse = false
    @Flag(help: "No colours (also when NO_COLOR is set).") var noColor = false
    @Option(help: "Colours to start with: auto, true (24-bit pictures), 256, 16, 8 or none; c cycles; also OPENMARKET_COLORS.")
    var colors: String?
    @Flag(help: "ASCII only, for terminals that draw block characters double-width.") var ascii = false
    @Option(help: "Pictures: auto (what the terminal answers it can draw), kitty, sixel, iterm, blocks or off; p cycles; also OPENMARKET_PICTURES.")
    var pictures: String?

    func validate() throws {
        if (identifier == nil) != (secret == nil) {
            throw ValidationError("--identifier and --secret go together")
        }
        if saveIdentity && identifier == nil {
            throw ValidationError("--save-identity needs --identifier and --secret")
        }
        if let server, URL(string: server)?.host == nil {
            throw ValidationError("--server must be a URL such as http://127.0.0.1:8080")
        }
        guard pollInterval >= 1 else { throw ValidationError("--poll-interval must be at least 1 second") }
        _ = try Self.pictureRequest(pictures ?? ProcessInfo.processInfo.environment["OPENMARKET_PICTURES"])
        _ = try Self.colorRequest(colors ?? ProcessInfo.processInfo.environment["OPENMARKET_COLORS"])
    }

    /// The colour mode asked for; nil for auto (the best the terminal has).
    static func colorRequest(_ text: String?) throws -> ColorMode? {
        guard let text, !text.isEmpty, text.lowercased() != "auto" else { return nil }
        guard let mode = ColorMode(name: text) else {
            throw ValidationError("--colors must be auto, true, 256, 16, 8 or none, not \(TerminalType.printable(text))")
        }
        return mode
    }

    /// The pictures asked for.
    static func pictureRequest(_ text: String?) throws -> PictureModeChoice.Request {
        guard let text, !text.isEmpty else { return .auto }
        guard let request = PictureModeChoice.Request(text) else {
            throw ValidationError("--pictures must be auto, kitty, sixel, iterm, blocks or off, not \(TerminalType.printable(text))")
        }
        return request
    }

    func run() async throws {
        let launched = ContinuousClock.now
        guard isatty(0) == 1, isatty(1) == 1 else {
            throw ValidationError("openmarket needs a terminal; to run only the API server, use `openmarket serve`.")
        }
        // Before anything starts: a terminal that cannot draw a full screen gets one line and an exit code.
        let terminalType = Terminfo.resolve(ProcessInfo.processInfo.environment["TERM"])
        guard let terminalName = terminalType.name else {
            if case .unusable(let message) = terminalType {
                FileHandle.standardError.write(Data((message + "\n").utf8))
            }
            throw ExitCode(2)
        }
        let directory = dataDir.map { URL(fileURLWithPath: $0) } ?? ServerConfiguration.defaultDataDirectory()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let logging = FileLogging(path: directory.appendingPathComponent("openmarket.log").path)
        let logger = logging.make(label: "openmarket")
        if case .fallback(let requested, let used) = terminalType {
            logger.notice(
                "no terminfo entry for TERM=\(TerminalType.printable(requested)); drawing with \(used) (ncurses-term has more entries)")
        }

        let environment = ProcessInfo.processInfo.environment
        let request = try Self.pictureRequest(pictures ?? environment["OPENMARKET_PICTURES"])
        var answers = TerminalAnswers()
        // Asked for pictures, and for 24-bit colour where the environment does not say (over SSH it rarely does).
        let wantsAnswers = request != .mode(.blocks) || !DirectColorChoice.environmentSays(environment)
        if wantsAnswers, TerminalProbe.asks(environment: environment) {
            let (answered, elapsed) = TerminalProbe().ask()
            answers = answered
            logger.info("terminal answered in \(Self.milliseconds(elapsed)) ms: \(answers.summary)")
        }
        let choice = PictureModeChoice.choose(request: request, answers: answers, environment: environment)
        // Inside tmux, kitty asked for by name goes through tmux's passthrough as Unicode placeholders, which
        // tmux redraws, scrolls and covers as text (the outer terminal is not asked: tmux answers for it).
        // Other modes asked for by name are drawn as asked (a tmux built with sixel draws sixel itself).
        let throughTmux = choice.multiplexed && choice.mode == .kitty
        // Graphics need the cell's size in pixels; without it, half blocks. Placeholders only need a size to
        // scale pictures to (kitty fits them to their cells).
        let cellPixels = answers.cellPixels ?? (throughTmux ? PixelSize(width: 10, height: 20) : nil)
        let drawn: PictureMode = choice.mode.isGraphics && cellPixels == nil ? .blocks : choice.mode
        logger.info("pictures: \(drawn.label)\(throughTmux ? " through tmux (placeholders)" : "") (best the terminal offers: \(choice.mode.label))")
        let directColor = DirectColorChoice.isDirect(environment: environment, answers: answers)
        logger.info("half blocks in 24-bit colour: \(directColor ? "yes" : "no") (answer: \(answers.directColor.map { $0 ? "yes" : "no" } ?? "none"), COLORTERM: \(TerminalType.printable(environment["COLORTERM"] ?? "")))")

        var embedded: EmbeddedServer?
        let baseURL: URL
        if let server {
            baseURL = URL(string: server)!
        } else {
            FileHandle.standardError.write(Data("Starting the market…\n".utf8))
            let started = try await EmbeddedServer.start(directory: directory, logger: logger)
            embedded = started
            baseURL = started.url
            logger.info("embedded server ready at \(baseURL) after \(Self.milliseconds(since: launched)) ms")
        }
        let transport = AsyncHTTPTransport()
        let client = OpenMarketClient(baseURL: baseURL, transport: transport)
        // --no-color, then --colors, then NO_COLOR, then OPENMARKET_COLORS; nil is the best the terminal has.
        let askedColors = try colors.flatMap(Self.colorRequest)
        let noColorWanted = noColor || (askedColors == nil && !(environment["NO_COLOR"] ?? "").isEmpty)
        let colorMode = try noColorWanted ? .monochrome : askedColors ?? Self.colorRequest(environment["OPENMARKET_COLORS"])
        var configuration = BrowserConfiguration(
            pollInterval: .milliseconds(Int(pollInterval * 1000)), colorMode: colorMode,
            ascii: ascii, serverLabel: baseURL.host.map { "\($0):\(baseURL.port ?? 80)" } ?? baseURL.absoluteString)
        // Identity: flags, then the environment, then the saved file (for its server), then the demo vendor.
        let saved = IdentityFile.load()
        if let identifier, let secret, saveIdentity {
            try IdentityFile(identifier: identifier, secret: secret, server: server).save()
        }
        if let identifier = identifier ?? environment["OPENMARKET_IDENTIFIER"],
            let secret = secret ?? environment["OPENMARKET_SECRET"]
        {
            configuration.identity = VendorIdentity(identifier: identifier, secret: secret)
            configuration.writerVendorID = environment["OPENMARKET_VENDOR_ID"].flatMap(Int.init)
        } else if let saved, saved.server == nil || saved.server == server {
            configuration.identity = VendorIdentity(identifier: saved.identifier, secret: saved.secret)
        } else if let demo = embedded?.demoVendor {
            configuration.identity = VendorIdentity(identifier: demo.identifier, secret: demo.secret)
            configuration.writerVendorID = demo.id
        }
        configuration.readOnlyNotice = environment["OPENMARKET_READ_ONLY"].flatMap { $0.isEmpty ? nil : $0 }
        configuration.openProduct = product
        configuration.layout = layout
        configuration.pictures = drawn
        configuration.directColor = directColor
        configuration.cellPixels = cellPixels
        configuration.picturesThroughTmux = throughTmux
        configuration.sixelColors = answers.sixelColorRegisters ?? 256
        // Under `openmarket ssh` the front hears when the visitor saw the first page (its first-page metric).
        let report = environment["OPENMARKET_REPORT_FD"].flatMap(Int32.init)
        configuration.onFirstProducts = {
            logger.info("first page painted after \(Self.milliseconds(since: launched)) ms")
            logging.sink.flush()
            if let report {
                let line = Array("first-page \(getpid())\n".utf8)
                _ = line.withUnsafeBytes { write(report, $0.baseAddress, $0.count) }
            }
        }
        configuration.onPictureMemory = { summary in
            logger.info("\(summary)")
            logging.sink.flush()
        }
        configuration.onFirstPictures = {
            logger.info("first pictures drawn after \(Self.milliseconds(since: launched)) ms")
            logging.sink.flush()
        }
        let runtime = BrowserRuntime(client: client, terminal: CursesTerminal(mouse: !noMouse, terminalType: terminalName), configuration: configuration)
        await runtime.run()
        try? await transport.shutdown()
        await embedded?.stop()
        logging.sink.flush()
    }
}

extension BrowseCommand {
    static func milliseconds(since start: ContinuousClock.Instant) -> Int {
        milliseconds(ContinuousClock.now - start)
    }

    static func milliseconds(_ duration: Duration) -> Int {
        let elapsed = duration.components
        return Int(elapsed.seconds * 1000 + elapsed.attoseconds / 1_000_000_000_000_000)
    }
}

/// Loggers writing to a file in the data directory: the screen belongs to the browser.
struct FileLogging {
    let sink: LogSink

    init(path: String) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        sink = LogSink(descriptor: descriptor >= 0 ? descriptor : open("/dev/null", O_WRONLY))
    }

    func make(label: String, level: Logger.Level = .info) -> Logger {
        var logger = Logger(label: label) { [sink] in SinkLogHandler(label: $0, sink: sink) }
        logger.logLevel = level
        return logger
    }
}

/// The API server started inside the browser's process, on a free loopback port.
struct EmbeddedServer {
    let url: URL
    let group: ServiceGroup
    let task: Task<Void, Never>
    let demoVendor: VendorCredentials?
    /// The vendors, blocking-capable for the SSH server's key vendors (`KeyVendors`).
    let vendors: SQLiteVendorStore

    static func start(
        directory: URL, logger: Logger, metrics: any MetricsFactory = NOOPMetricsHandler.instance
    ) async throws -> EmbeddedServer {
        var configuration = ServerConfiguration(
            host: "127.0.0.1", port: 0, dataDirectory: directory, demo: .whenEmpty, connections: .loopbackOnly)
        configuration.metrics = metrics
        let sqlite = try SQLiteStores.open(directory: directory, now: configuration.now)
        let server = try await OpenMarketServer.open(configuration, stores: sqlite.stores, logger: logger)
        let (ports, portSink) = AsyncStream.makeStream(of: Int.self)
        let app = server.application { port in portSink.yield(port) }
        var groupConfiguration = ServiceGroupConfiguration(services: [.init(service: app)], logger: logger)
        // A request that will not finish is cut off after this long.
        groupConfiguration.maximumGracefulShutdownDuration = .seconds(3)
        let group = ServiceGroup(configuration: groupConfiguration)
        let task = Task {
            do {
                try await group.run()
            } catch {
                logger.error("embedded server stopped: \(error)")
            }
            portSink.finish()
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else {
            throw ValidationError("the embedded server did not start; see the log in \(directory.path)")
        }
        return EmbeddedServer(
            url: URL(string: "http://127.0.0.1:\(port)")!, group: group, task: task, demoVendor: server.demoVendor,
            vendors: sqlite.vendors)
    }

    /// Stops the server gracefully and waits for it: open connections finish their answers and close.
    /// Cancelling its task instead can trap inside NIO ("Deinited NIOAsyncWriter without calling
    /// finish()") when a connection has been accepted but not yet handed to the server.
    func stop() async {
        await group.triggerGracefulShutdown()
        await task.value
    }
}

extension LayoutKind: ExpressibleByArgument {}

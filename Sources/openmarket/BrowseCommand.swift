import ArgumentParser
import CoreMetrics
import Foundation
import Launch
import Localization
import Logging
import MarketApp
import MarketCommands
import MarketFeatures
import MarketServer
import MarketSSH
import Notices
import OpenMarketAPI
import ServiceLifecycle
import Settings
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

    @Option(help: "Browse this Open Market API server (a URL, or a name under `servers` in the settings file) instead of the embedded one.")
    var server: String?
    @Option(help: "Vendor identifier for writes (default: the embedded server's demo vendor).") var identifier: String?
    /// Taken whole even when it begins with `-` (a secret of URL-safe base64 can).
    @Option(parsing: .unconditional, help: "Vendor secret for writes.") var secret: String?
    @Option(help: "The embedded server's data directory (default: $XDG_DATA_HOME/openmarket).") var dataDir: String?
    @Option(help: "Your products with this many or fewer in stock are marked low (default 2; 0: none is).") var lowStock: Int?
    @Option(help: "Seconds between checks for new products (default 10).") var pollInterval: Double?
    @Flag(help: "Keep --identifier and --secret (and --server) in $XDG_CONFIG_HOME/openmarket/identity.json (mode 0600).")
    var saveIdentity = false
    @Option(help: "Open this product at start.") var product: Int?
    @Option(help: "How products are laid out at start: grid (the shop window, the default) or list; v toggles.")
    var layout: LayoutKind?
    @Flag(inversion: .prefixedNo, help: "Use the mouse (the default: yes).") var mouse: Bool?
    @Flag(help: "No colours (also when NO_COLOR is set).") var noColor = false
    @Option(help: "Colours to start with: auto, true (24-bit pictures), 256, 16, 8 or none; c cycles; also OPENMARKET_COLORS.")
    var colors: String?
    @Flag(inversion: .prefixedNo, help: "ASCII only, for terminals that draw block characters double-width.") var ascii: Bool?
    @Option(help: "Pictures: auto (what the terminal answers it can draw), kitty, sixel, iterm, blocks or off; p cycles; also OPENMARKET_PICTURES.")
    var pictures: String?
    @Option(help: "Colours: auto (light or dark as the terminal's background is), dark, light or high-contrast; also OPENMARKET_THEME.")
    var theme: String?
    @Option(help: "Language: auto (the locale: LC_ALL, LC_MESSAGES or LANG; ko_KR.UTF-8 is Korean), en or ko; also OPENMARKET_LANG.")
    var lang: String?
    @Flag(inversion: .prefixedNo, help: "Keep the layout, pictures and colours left at exit for the next start (the default: yes).")
    var remember: Bool?
    @Option(help: "The settings file (default: $XDG_CONFIG_HOME/openmarket/config.yaml; \"\" for none); also OPENMARKET_CONFIG.")
    var config: String?

    func validate() throws {
        if (identifier == nil) != (secret == nil) {
            throw ValidationError("--identifier and --secret go together")
        }
        if saveIdentity && identifier == nil {
            throw ValidationError("--save-identity needs --identifier and --secret")
        }
        if let pollInterval, pollInterval < 1 { throw ValidationError("--poll-interval must be at least 1 second") }
        if let lowStock, lowStock < 0 || lowStock > 1_000_000 { throw ValidationError("--low-stock takes a whole number from 0 to 1000000") }
    }

    /// Every setting, from the options, the environment and the settings file (a mistake in the file exits 78).
    func settings(environment: [String: String]) throws -> ResolvedSettings {
        let file = try CommandLaunch.settingsFile(flag: config, environment: environment)
        return try CommandLaunch.resolve { () throws(InvalidSettingValue) in
            try file.layers(options, environment: environment).resolveAll { market in
                Self.remembered(environment: environment, market: market.rememberedKey)
            }
        }
    }

    /// The locale the environment names for messages: LC_ALL, else LC_MESSAGES, else LANG (as POSIX ranks them).
    static func locale(_ environment: [String: String]) -> String {
        let asked = Language.localeVariables.lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? "C"
        return TerminalType.printable(asked)
    }

    /// The choices kept for `market`, and their file, if remembering has a file.
    static func remembered(environment: [String: String], market: String) -> (choices: RememberedChoices, path: String)? {
        guard let path = RememberedChoices.path(environment: environment),
            let choices = RememberedChoices.load(path: path, market: market)
        else { return nil }
        return (choices, path)
    }

    /// Keeps what the user changed in the session, when remembering is on and something changed; a failure is
    /// logged, never fatal.
    static func keep(_ left: BrowserRuntime.LeftChoices, settings: ResolvedSettings, market: String, environment: [String: String], logger: Logger) {
        guard settings[.remember].value, left != BrowserRuntime.LeftChoices(), let path = RememberedChoices.path(environment: environment) else {
            return
        }
        let kept = RememberedChoices.load(path: path, market: market) ?? RememberedChoices()
        do {
            try RememberedChoices.save(kept.updated(by: left), path: path, market: market)
        } catch {
            logger.notice("could not keep the choices in \(path): \(error)")
        }
    }

    /// The options as the launch resolver takes them.
    var options: LaunchOptions {
        var options = LaunchOptions()
        options.set(.server, server)
        options.identifier = identifier
        options.secret = secret
        options.product = product
        options.set(.pollInterval, pollInterval.map(SettingSpec.format))
        options.set(.lowStock, lowStock.map(String.init))
        options.set(.layout, layout?.rawValue)
        options.set(.colors, noColor ? "none" : colors, option: noColor ? "--no-color" : "--colors")
        options.set(.ascii, flag: ascii)
        options.set(.mouse, flag: mouse)
        options.set(.pictures, pictures)
        options.set(.theme, theme)
        options.set(.language, lang, option: "--lang")
        options.set(.remember, flag: remember)
        return options
    }

    func run() async throws {
        let launched = ContinuousClock.now
        let environment = ProcessInfo.processInfo.environment
        let settings = try settings(environment: environment)
        let terminalType = try Self.usableTerminal()
        let directory = dataDir.map { URL(fileURLWithPath: $0) } ?? ServerConfiguration.defaultDataDirectory()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let logging = FileLogging(path: directory.appendingPathComponent("openmarket.log").path)
        let logger = logging.make(label: "openmarket")
        if case .fallback(let requested, let used) = terminalType {
            logger.notice(
                "no terminfo entry for TERM=\(TerminalType.printable(requested)); drawing with \(used) (ncurses-term has more entries)")
        }
        logger.info("language: \(settings[.language].value.rawValue) (from \(settings[.language].origin)); locale: \(Self.locale(environment))")
        let answers = askTerminal(settings, environment: environment, logger: logger)
        let embedded = try await startEmbeddedMarket(settings[.server].value, directory: directory, logger: logger, launched: launched)
        let baseURL = embedded?.url ?? URL(string: settings[.server].value.url!)!
        let saved = IdentityFile.load()
        if let identifier, let secret, saveIdentity {
            try IdentityFile(identifier: identifier, secret: secret, server: settings[.server].value.url).save()
        }
        var configuration = resolve(
            settings, environment: environment, answers: answers, baseURL: baseURL, saved: saved, embedded: embedded, logger: logger)
        Self.report(into: &configuration, logging: logging, logger: logger, launched: launched, environment: environment)
        let transport = AsyncHTTPTransport()
        let client = OpenMarketClient(baseURL: baseURL, transport: transport)
        configuration.wishList = Self.wishList(
            environment: environment, client: client, directory: directory, market: settings[.server].value.rememberedKey, logger: logger)
        let terminal = CursesTerminal(
            mouse: settings[.mouse].value, terminalType: terminalType.name!, synchronizedOutput: answers.synchronizedOutput == true,
            hyperlinks: answers.drawsHyperlinks, colorSchemeReports: configuration.themeFollowsTerminal && answers.colorSchemeReports == true)
        logger.info(
            "frames: synchronized output \(answers.synchronizedOutput == true ? "yes" : "no"); links: OSC 8 \(answers.drawsHyperlinks ? "yes" : "no"); copies: OSC 52 \(Self.spoken(answers.clipboard)); colour-scheme reports \(answers.colorSchemeReports == true ? "yes" : "no")")
        let left = await BrowserRuntime(client: client, terminal: terminal, configuration: configuration).run()
        Self.keep(left, settings: settings, market: settings[.server].value.rememberedKey, environment: environment, logger: logger)
        try? await transport.shutdown()
        await embedded?.stop()
        logging.sink.flush()
    }

    /// Where the wish list is kept: by the market for an SSH visitor with a key (`OPENMARKET_WISHLIST_OWNER`),
    /// for the session for one without (set but empty), else in a file per market in the data directory.
    static func wishList(
        environment: [String: String], client: OpenMarketClient, directory: URL, market: String, logger: Logger
    ) -> any WishListStore {
        let log: @Sendable (String) -> Void = { logger.notice("\($0)") }
        switch environment[EnvironmentKey.wishListOwner] {
        case nil: return FileWishListStore(directory: directory, market: market, log: log)
        case ""?: return SessionWishListStore()
        case let owner?: return MarketWishListStore(client: client, owner: owner, log: log)
        }
    }

    /// Whether the terminal takes copies, as the log says it.
    static func spoken(_ clipboard: ClipboardSupport) -> String {
        switch clipboard {
        case .takes: "taken"
        case .declines(let terminal): "declined (\(terminal))"
        case .unknown: "sent, not known to be taken"
        }
    }

    /// The terminal, when it is one that can draw a full screen; otherwise one line and an exit code.
    static func usableTerminal() throws -> TerminalType {
        guard isatty(0) == 1, isatty(1) == 1 else {
            throw ValidationError("openmarket needs a terminal; to run only the API server, use `openmarket serve`.")
        }
        let terminalType = Terminfo.resolve(ProcessInfo.processInfo.environment["TERM"])
        guard terminalType.name != nil else {
            if case .unusable(let message) = terminalType {
                FileHandle.standardError.write(Data((message + "\n").utf8))
            }
            throw ExitCode(2)
        }
        return terminalType
    }

    /// What the terminal answers it can draw, when there is something to ask.
    func askTerminal(_ settings: ResolvedSettings, environment: [String: String], logger: Logger) -> TerminalAnswers {
        guard BrowserLaunch.asksTerminal(settings, environment: environment), TerminalProbe.asks(environment: environment) else {
            return TerminalAnswers()
        }
        let (answers, elapsed) = TerminalProbe().ask()
        logger.info("terminal answered in \(Self.milliseconds(elapsed)) ms: \(answers.summary)")
        return answers
    }

    /// The embedded market, unless another is browsed.
    func startEmbeddedMarket(
        _ market: MarketChoice, directory: URL, logger: Logger, launched: ContinuousClock.Instant
    ) async throws -> EmbeddedServer? {
        guard market == .embedded else { return nil }
        FileHandle.standardError.write(Data("Starting the market…\n".utf8))
        let started = try await EmbeddedServer.start(directory: directory, logger: logger)
        logger.info("embedded server ready at \(started.url) after \(Self.milliseconds(since: launched)) ms")
        return started
    }

    /// The browser's configuration from the options, the environment, the terminal and the identities at hand.
    func resolve(
        _ settings: ResolvedSettings, environment: [String: String], answers: TerminalAnswers, baseURL: URL, saved: IdentityFile?,
        embedded: EmbeddedServer?, logger: Logger
    ) -> BrowserConfiguration {
        let (configuration, offered) = BrowserLaunch.configuration(
            options, environment: environment, settings: settings, answers: answers, baseURL: baseURL, saved: saved?.known,
            demo: embedded?.demoIdentity)
        if let path = settings.settingsPath { logger.info("settings from \(path)") }
        logger.info("theme: \(configuration.theme.rawValue) (asked: \(settings[.theme].value.settingName))")
        let tmux = configuration.picturesThroughTmux ? " through tmux (placeholders)" : ""
        logger.info("pictures: \(configuration.pictures.label)\(tmux) (best the terminal offers: \(offered.label))")
        let answer = answers.directColor.map { $0 ? "yes" : "no" } ?? "none"
        logger.info(
            "half blocks in 24-bit colour: \(configuration.directColor ? "yes" : "no") (answer: \(answer), COLORTERM: \(TerminalType.printable(environment["COLORTERM"] ?? "")))")
        return configuration
    }

    /// The hooks that log the first page, the first pictures and the pictures' memory; under `openmarket ssh`,
    /// the first page is also reported to the front (its first-page metric).
    static func report(
        into configuration: inout BrowserConfiguration, logging: FileLogging, logger: Logger, launched: ContinuousClock.Instant,
        environment: [String: String]
    ) {
        let report = environment[SessionLauncher.firstPageReportKey].flatMap(Int32.init)
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

extension LayoutKind: ExpressibleByArgument {}

import ArgumentParser
import Foundation
import Hummingbird
import Logging
import MarketServer
import ServiceLifecycle
import Telemetry
import WishListOwners

/// `openmarket serve`: runs the Open Market API server.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Run the Open Market API server.")

    @Option(help: "Address to listen on.") var host = "127.0.0.1"
    @Option(help: "Port to listen on (0 picks a free one).") var port = 8080
    @Option(help: "Where the database and pictures live (default: $XDG_DATA_HOME/openmarket).")
    var dataDir: String?
    @OptionGroup var database: DatabaseOption
    @Option(help: "With --database, where pictures' bytes go: database (shared by every replica) or directory (the data directory's images folder, one machine or a shared mount).")
    var pictureStore: PictureStorage = .database
    @Option(help: "Base URL written into picture URLs (default: http://HOST:PORT).") var publicURL: String?
    @Flag(help: "Seed the demo catalog even if the store already has data.") var demo = false
    @Option(help: "The colour-emoji font the demo pictures are drawn from (Debian: fonts-noto-color-emoji).")
    var demoFont = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"
    @Option(help: "Log level: trace, debug, info, notice, warning, error.") var logLevel = "info"
    @Option(help: "This server's name among its replicas, in /healthChecker/ready (default: the host name).")
    var replicaID: String?
    @Option(help: "Seconds a client may take from the first byte of a request to the end of its header.")
    var headerTimeout: Double = 10
    @Option(help: "Seconds a client may take to send a request's body once its header is in.") var bodyTimeout: Double = 60
    @Option(help: "Seconds a kept-alive connection may wait for its next request.") var idleTimeout: Double = 75
    @Option(help: "Seconds answers may wait for a client that reads none of them before its connection is closed.")
    var stallTimeout: Double = 30
    @Option(help: "Connections open at once (default: from the open-file limit); more wait to be accepted.")
    var maxConnections: Int?
    @Option(help: "Connections one client address may hold at once; 0 for no limit (behind a proxy).")
    var maxConnectionsPerAddress = 64
    @Option(help: "Change streams (GET /api/products/changes) one client address may hold open at once; 0 for no limit (behind a proxy).")
    var maxStreamsPerAddress = 8
    @Option(help: "Change streams one client address may start a minute; 0 for no limit.")
    var streamStartsPerMinute = 60
    @Flag(help: "Do not answer GET /metrics (Prometheus text: requests by route and status, latency, cache hits, database pool waits).")
    var noMetrics = false
    @Option(help: "Answer GET /metrics on this port of its own (0 picks a free one) instead of the API's, so that a proxy in front of the API never passes it on.")
    var metricsPort: Int?
    @Option(help: "Address the metrics port listens on.") var metricsHost = "127.0.0.1"
    @Option(
        help: ArgumentHelp(
            "Keep wish lists for the visitors of the SSH front with this issuer key (omwl1-…; openmarket ssh --print-issuer prints it). Repeat for each host key; with none, the market keeps no wish lists.",
            valueName: "key"))
    var wishListIssuer: [String] = []

    func validate() throws {
        if noMetrics && metricsPort != nil { throw ValidationError("--no-metrics and --metrics-port: choose one") }
        for (name, value) in [
            ("--header-timeout", headerTimeout), ("--body-timeout", bodyTimeout), ("--idle-timeout", idleTimeout),
            ("--stall-timeout", stallTimeout),
        ] {
            guard value >= 0.1, value <= 86_400 else { throw ValidationError("\(name) must be between 0.1 and 86400 seconds") }
        }
        if let maxConnections, maxConnections < 1 { throw ValidationError("--max-connections must be at least 1") }
        guard maxConnectionsPerAddress >= 0 else { throw ValidationError("--max-connections-per-address must be 0 or more") }
        guard maxStreamsPerAddress >= 0 else { throw ValidationError("--max-streams-per-address must be 0 or more") }
        guard streamStartsPerMinute >= 0 else { throw ValidationError("--stream-starts-per-minute must be 0 or more") }
        for key in wishListIssuer where WishListIssuerKey(key) == nil {
            throw ValidationError(
                "--wish-list-issuer takes a key as openmarket ssh --print-issuer prints it (omwl1- and 43 characters), not “\(key.prefix(60))”")
        }
    }

    /// The connection limits the options ask for.
    var connectionLimits: ConnectionLimits {
        ConnectionLimits(
            headerTimeout: .milliseconds(Int(headerTimeout * 1000)), bodyTimeout: .milliseconds(Int(bodyTimeout * 1000)),
            idleTimeout: .milliseconds(Int(idleTimeout * 1000)),
            maxConnections: maxConnections ?? ConnectionLimits.defaultMaxConnections(),
            maxConnectionsPerAddress: maxConnectionsPerAddress, stallTimeout: .milliseconds(Int(stallTimeout * 1000)))
    }

    func run() async throws {
        OpenFileLimit.raise()
        let logging = LoggerFactory()
        let logger = logging.make(label: "openmarket.server", level: logLevel)
        let (configuration, metricsText) = serverConfiguration()
        let flusher = Task { await logging.sink.runFlusher() }
        defer {
            flusher.cancel()
            logging.sink.flush()
        }
        let dataPath = configuration.dataDirectory.path
        let host = host
        // /metrics on a port of its own, beside the server, when asked.
        let (metricsPorts, metricsSink) = AsyncStream.makeStream(of: Int.self)
        let metricsHost = metricsHost
        let metricsService: [any Service] = zip([metricsPort].compactMap { $0 }, [metricsText].compactMap { $0 }).map { port, text in
            MetricsEndpoint.application(host: metricsHost, port: port, logger: logger, text: text) { bound in metricsSink.yield(bound) }
        }
        if metricsService.isEmpty { metricsSink.finish() }
        @Sendable func announce(_ server: OpenMarketServer, port: Int, data: String) async {
            var metrics: Int?
            for await bound in metricsPorts {
                metrics = bound
                break
            }
            Self.announce(server, host: host, port: port, data: data, metrics: metrics.map { "http://\(metricsHost):\($0)/metrics" })
        }
        guard let location = try database.location() else {
            let server = try await OpenMarketServer.open(configuration, logger: logger)
            let application = server.application { port in await announce(server, port: port, data: dataPath) }
            let group = ServiceGroup(
                configuration: .init(
                    services: metricsService + [application], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
            try await group.run()
            return
        }
        // PostgreSQL: the pool runs as a service beside the server, which needs it from the moment it opens.
        let postgres = try await PostgresStores.open(
            location, now: configuration.now, metrics: DatabaseMetrics(factory: configuration.metrics), logger: logger)
        let inDirectory = pictureStore == .directory
        let stores = inDirectory ? postgres.stores.keepingPicturesInDataDirectory() : postgres.stores
        let data = "\(location), " + (inDirectory ? "pictures in \(dataPath)" : "pictures in the database")
        let serving = ServerService(configuration: configuration, stores: stores, logger: logger) {
            server, port in await announce(server, port: port, data: data)
        }
        let group = ServiceGroup(
            configuration: .init(
                services: [postgres.client] + metricsService + [serving], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        try await group.run()
    }

    /// The server's configuration from the options, with metrics unless `--no-metrics` (answered on the API's
    /// port, or, with `--metrics-port`, not there: the text is returned for the port of its own).
    func serverConfiguration() -> (ServerConfiguration, (@Sendable () -> String)?) {
        var configuration = ServerConfiguration(
            host: host, port: port,
            dataDirectory: dataDir.map { URL(fileURLWithPath: $0) } ?? ServerConfiguration.defaultDataDirectory(),
            publicURL: publicURL, demo: demo ? .always : .whenEmpty, connections: connectionLimits,
            demoFont: URL(fileURLWithPath: demoFont))
        if let replicaID { configuration.replicaID = replicaID }
        configuration.changeStream = ChangeStreamLimits(perAddress: maxStreamsPerAddress, startsPerMinute: streamStartsPerMinute)
        configuration.wishListIssuers = wishListIssuer.compactMap(WishListIssuerKey.init)
        guard !noMetrics else { return (configuration, nil) }
        let metrics = PrometheusMetrics()
        configuration.metrics = metrics.factory
        let text: @Sendable () -> String = { metrics.text() }
        if metricsPort == nil { configuration.metricsText = text }
        return (configuration, text)
    }

    /// The start lines: where the server listens, its data, the demo vendor's credentials.
    @Sendable static func announce(_ server: OpenMarketServer, host: String, port: Int, data: String, metrics: String? = nil) {
        var lines = ["Open Market API server on http://\(host):\(port)  (data: \(data))"]
        if let metrics { lines.append("metrics: \(metrics)") }
        if let demoVendor = server.demoVendor {
            lines.append("Demo vendor \"\(demoVendor.name)\": identifier \(demoVendor.identifier)")
            lines.append("                secret     \(demoVendor.secret)")
        }
        lines.append("Stop with Ctrl-C.")
        FileHandle.standardOutput.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }
}

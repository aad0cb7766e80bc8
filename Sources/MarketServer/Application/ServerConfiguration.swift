public import CoreMetrics
public import Foundation
public import WishListOwners

/// How `openmarket serve` runs: where it listens, where it keeps data, how it names itself.
public struct ServerConfiguration: Sendable {
    /// When to put the demo catalog in the store.
    public enum DemoSeeding: Sendable, Equatable {
        /// Only when the store has no products at all (the first start).
        case whenEmpty
        /// Also into a store that has data, unless the demo catalog is already there (`--demo`).
        case always
        /// Never.
        case never
    }

    public var host: String
    /// 0 asks the system for a free port.
    public var port: Int
    public var dataDirectory: URL
    /// The base of absolute picture URLs; `http://host:port` when nil.
    public var publicURL: String?
    public var demo: DemoSeeding
    /// How long a delete token stays valid.
    public var deleteTokenLifetime: TimeInterval
    /// The clock; tests move it to expire tokens.
    public var now: @Sendable () -> Date
    /// Timeouts and connection caps against slow and greedy clients.
    public var connections: ConnectionLimits
    /// What the change stream keeps and allows (docs/API.md, "Changes as they happen").
    public var changeStream = ChangeStreamLimits()
    /// The colour-emoji font the demo pictures are drawn from (Debian's `fonts-noto-color-emoji`);
    /// without it they are drawn placeholders.
    public var demoFont: URL
    /// Whether missing demo pictures are made in the background after start (else only on request).
    public var fillDemoPictures: Bool
    /// This server among its replicas, as its readiness check and logs name it (default: the host name).
    public var replicaID = ProcessInfo.processInfo.hostName
    /// What the server's metrics are made with (none by default).
    public var metrics: any MetricsFactory = NOOPMetricsHandler.instance
    /// The text `GET /metrics` answers (Prometheus' format); no such route when nil.
    public var metricsText: (@Sendable () -> String)?
    /// How much of wish lists the market keeps, in all and for how long.
    public var wishLists = WishListQuota()
    /// Wish-list writes one client address may make a minute (off where `connections` has no per-address
    /// limit: behind a balancer, which limits writes itself, or for the browser's own embedded market).
    public var wishListWritesPerMinute = 30
    /// The SSH fronts whose wish-list owners the market keeps lists for (`serve --wish-list-issuer`); with
    /// none, it keeps no wish lists (403): an owner must be issued, not merely unguessable.
    public var wishListIssuers: [WishListIssuerKey] = []

    public init(
        host: String = "127.0.0.1", port: Int = 8080, dataDirectory: URL, publicURL: String? = nil,
        demo: DemoSeeding = .whenEmpty, deleteTokenLifetime: TimeInterval = 600,
        connections: ConnectionLimits = ConnectionLimits(),
        demoFont: URL = URL(fileURLWithPath: "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"),
        fillDemoPictures: Bool = true, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.host = host
        self.port = port
        self.dataDirectory = dataDirectory
        self.publicURL = publicURL
        self.demo = demo
        self.deleteTokenLifetime = deleteTokenLifetime
        self.now = now
        self.connections = connections
        self.demoFont = demoFont
        self.fillDemoPictures = fillDemoPictures
    }

    /// `$XDG_DATA_HOME/openmarket`, or `~/.local/share/openmarket`.
    public static func defaultDataDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg).appendingPathComponent("openmarket")
        }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".local/share/openmarket")
    }
}

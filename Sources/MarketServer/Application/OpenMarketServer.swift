public import Foundation
import GRDB
public import Hummingbird
import HummingbirdCore
public import Logging
import NIOCore

/// The Open Market API server: the opened store and the application that serves it.
///
/// `open` prepares the data directory (database, migrations, leftover files, demo catalog);
/// `application` builds the Hummingbird application. Nothing is global: tests open as many as they like.
public struct OpenMarketServer: Sendable {
    public let configuration: ServerConfiguration
    public let vendors: VendorStore
    /// The demo vendor's credentials, when the demo catalog is in this store.
    public let demoVendor: VendorCredentials?
    let database: DatabasePool
    let products: ProductStore
    let pictures: PictureStore
    /// Makes the demo catalog's picture files, which are not written when it is seeded.
    let demoPictures: DemoPictureMaker
    let cache = ResponseCache()
    let publicURL: PublicURL
    let logger: Logger

    /// Opens (creating if needed) the store in `configuration.dataDirectory`.
    public static func open(_ configuration: ServerConfiguration, logger: Logger) async throws -> OpenMarketServer {
        let directory = configuration.dataDirectory
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let database = try MarketDatabase.open(path: directory.appendingPathComponent("openmarket.sqlite").path)
        let products = ProductStore(database: database)
        let pictures = try PictureStore(root: directory.appendingPathComponent("images"))
        let vendors = VendorStore(database: database, now: configuration.now)

        let orphans = pictures.removeOrphans(keeping: try products.referencedPicturePaths())
        if orphans > 0 { logger.notice("removed \(orphans) picture files left without a product") }

        let catalog = DemoCatalog(directory: directory)
        // The catalog is committed in one transaction with its vendor's credentials; a first start
        // killed before the commit left nothing, and this start seeds again.
        var demoVendor = try DemoCatalog.committedCredentials(in: database) ?? catalog.savedCredentials()
        let shouldSeed: Bool =
            switch configuration.demo {
            case .never: false
            case .whenEmpty: try products.productCount() == 0
            case .always: demoVendor == nil
            }
        if shouldSeed {
            let started = ContinuousClock.now
            demoVendor = try catalog.seed(into: database, vendors: vendors, now: configuration.now())
            logger.notice("seeded the demo catalog in \(ContinuousClock.now - started)")
        }
        // Written after the commit, atomically; a start after a crash in between writes it again.
        if let committed = try DemoCatalog.committedCredentials(in: database) {
            try catalog.writeCredentialsFile(committed)
        }
        let drawings = DemoDrawings(fontFile: configuration.demoFont)
        let demoPictures = DemoPictureMaker(catalog: catalog, drawings: drawings, pictures: pictures)
        if shouldSeed && !drawings.isAvailable {
            logger.notice(
                "demo pictures are drawn placeholders: \(configuration.demoFont.path) is missing (Debian package \(DemoDrawings.package))")
        }
        let base = configuration.publicURL ?? "http://\(configuration.host):\(configuration.port)"
        return OpenMarketServer(
            configuration: configuration, vendors: vendors, demoVendor: demoVendor, database: database,
            products: products, pictures: pictures, demoPictures: demoPictures, publicURL: PublicURL(Self.trimmed(base)),
            logger: logger)
    }

    private static func trimmed(_ url: String) -> String {
        url.hasSuffix("/") ? String(url.dropLast()) : url
    }

    /// The router with every endpoint and the error and access-log middleware.
    public func router() -> Router<MarketRequestContext> {
        let router = Router(context: MarketRequestContext.self)
        router.middlewares.add(AccessLogMiddleware())
        router.middlewares.add(APIErrorMiddleware())
        router.get("/healthChecker") { _, _ in Responses.json("\"OK\"") }
        ProductController<MarketRequestContext>(
            products: products, vendors: vendors, pictures: pictures, demoPictures: demoPictures,
            thumbnails: ThumbnailMaker(), cache: cache,
            publicURL: publicURL, now: configuration.now, deleteTokenLifetime: configuration.deleteTokenLifetime
        ).addRoutes(to: router)
        return router
    }

    /// The application, listening on the configured host and port. `onRunning` gets the bound port
    /// (useful with port 0) once the server accepts connections.
    public func application(onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) -> some ApplicationProtocol {
        let configuredURL = configuration.publicURL
        let host = configuration.host
        let publicURL = self.publicURL
        let cache = self.cache
        let logger = self.logger
        let date = HTTPDateHeader()
        let watch = ConnectionWatch(limits: configuration.connections, logger: logger)
        let http1 = HTTP1Channel.Configuration(additionalChannelHandlers: [
            CachedResponseHandler(cache: cache, date: date, serverName: Self.serverName, logger: logger)
        ])
        let filler = DemoPictureFiller(maker: demoPictures, products: products, logger: logger)
        return Application(
            router: router(),
            server: HTTPServerBuilder { responder in
                GuardedHTTP1Channel(responder: responder, configuration: http1, watch: watch)
            },
            configuration: .init(
                address: .hostname(host, port: configuration.port), serverName: Self.serverName, backlog: 1024,
                availableConnectionsDelegate: OpenConnectionsGate(watch: watch)),
            services: configuration.fillDemoPictures ? [filler] : [],
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                if configuredURL == nil {
                    publicURL.set("http://\(host.contains(":") ? "[\(host)]" : host):\(port)")
                    cache.invalidate()
                }
                await onRunning(port)
            },
            logger: logger
        )
    }

    /// The `Server` header of every response.
    static let serverName = "openmarket"

    /// The base of absolute URLs the server writes.
    public var baseURL: String { publicURL.current }
}

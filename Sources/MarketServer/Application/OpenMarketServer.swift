import Foundation
public import Hummingbird
public import Logging
import MarketDemo
import ServiceLifecycle

/// The Open Market API server: its stores, opened and prepared, and the application that serves them.
///
/// `open` prepares the data directory (leftover files, demo catalog) on the stores it is given — SQLite
/// in the data directory unless told otherwise; `application` builds the Hummingbird application with
/// `buildApplication`. Nothing is global: tests open as many as they like, on any stores.
public struct OpenMarketServer: Sendable {
    public let configuration: ServerConfiguration
    public let stores: MarketStores
    /// The demo vendor's credentials, when the demo catalog is in this store.
    public let demoVendor: VendorCredentials?
    /// The product store behind the answer cache: what the routes and the fast path read.
    let products: CachedProductStore
    /// The search index behind it.
    let search: ProductSearch
    let pictures: CachedPictureStore
    /// Makes the demo catalog's picture files, which are not written when it is seeded.
    let demoPictures: DemoPictureMaker
    let logger: Logger

    /// The vendors of this server's stores.
    public var vendors: any VendorStore { stores.vendors }

    /// Opens (creating if needed) the SQLite stores in `configuration.dataDirectory`, and the server on them.
    public static func open(_ configuration: ServerConfiguration, logger: Logger) async throws -> OpenMarketServer {
        let sqlite = try SQLiteStores.open(directory: configuration.dataDirectory, now: configuration.now)
        return try await open(configuration, stores: sqlite.stores, logger: logger)
    }

    /// Opens the server on `stores`; pictures' bytes go where the stores say, by default under
    /// `configuration.dataDirectory`.
    public static func open(_ configuration: ServerConfiguration, stores: MarketStores, logger: Logger) async throws
        -> OpenMarketServer
    {
        let directory = configuration.dataDirectory
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        if let warning = DataDirectoryCheck.warning(DataDirectoryCheck.openings(in: directory), directory: directory) {
            logger.warning("\(warning)")
        }
        // The thumbnails every browser's first page asks for, kept in memory in front of the files.
        let pictures = CachedPictureStore(
            wrapping: try stores.pictureFiles ?? DirectoryPictureStore(root: directory.appendingPathComponent("images")))

        let orphans = try await pictures.removeOrphans(keeping: try await stores.pictures.referencedPaths())
        if orphans > 0 { logger.notice("removed \(orphans) picture files left without a product") }

        let catalog = DemoCatalog(directory: directory)
        // The catalog is committed in one step with its vendor's credentials; a first start killed
        // before the commit left nothing, and this start seeds again.
        var demoVendor = try await stores.demoCatalog.demoVendor() ?? catalog.savedCredentials()
        let shouldSeed: Bool =
            switch configuration.demo {
            case .never: false
            case .whenEmpty: try await stores.products.page(number: 1, perPage: 1, search: nil).total == 0
            case .always: demoVendor == nil
            }
        if shouldSeed {
            let started = ContinuousClock.now
            demoVendor = try await catalog.seed(into: stores.demoCatalog, now: configuration.now())
            logger.notice("seeded the demo catalog in \(ContinuousClock.now - started)")
        }
        // Written after the commit, atomically; a start after a crash in between writes it again. Read again:
        // another replica may have committed the catalog between this one's first look and its count.
        if let committed = try await stores.demoCatalog.demoVendor() {
            try catalog.writeCredentialsFile(committed)
            demoVendor = committed
        }
        let drawings = DemoDrawings(fontFile: configuration.demoFont)
        let demoPictures = DemoPictureMaker(catalog: catalog, drawings: drawings, pictures: pictures)
        if shouldSeed && !drawings.isAvailable {
            logger.notice(
                "demo pictures are drawn placeholders: \(configuration.demoFont.path) is missing (Debian package \(DemoDrawings.package))")
        }
        let base = configuration.publicURL ?? "http://\(configuration.host):\(configuration.port)"
        let started = ContinuousClock.now
        let searching = try await SearchingProductStore.open(stores.products)
        let index = searching.search.index
        logger.notice(
            "indexed \(index.count) products for search (\(index.vocabularySize) words, about \(index.footprint / 1_048_576) MiB) in \(ContinuousClock.now - started)")
        return OpenMarketServer(
            configuration: configuration, stores: stores, demoVendor: demoVendor,
            products: CachedProductStore(
                wrapping: searching, baseURL: Self.trimmed(base), feed: stores.changeFeed,
                metrics: HTTPMetrics(factory: configuration.metrics), stream: ChangeStream(limits: configuration.changeStream)),
            search: searching.search,
            pictures: pictures,
            demoPictures: demoPictures, logger: logger)
    }

    private static func trimmed(_ url: String) -> String {
        url.hasSuffix("/") ? String(url.dropLast()) : url
    }

    /// The router with every endpoint and the error and access-log middleware.
    public func router() -> Router<MarketRequestContext> {
        buildRouter(
            products: products, stores: stores, pictures: pictures, demoPictures: demoPictures,
            configuration: configuration)
    }

    /// The application, listening on the configured host and port. `onRunning` gets the bound port
    /// (useful with port 0) once the server accepts connections.
    public func application(onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) -> some ApplicationProtocol {
        var services: [any Service] = []
        if configuration.fillDemoPictures {
            services.append(DemoPictureFiller(maker: demoPictures, records: stores.pictures, logger: logger))
        }
        if stores.changeFeed.isShared {
            services.append(ChangeFollower(feed: stores.changeFeed, cache: products, search: search, logger: logger))
        }
        services.append(ChangePublisher(stream: products.stream, products: products, feed: stores.changeFeed, logger: logger))
        services.append(
            WishListExpiry(keeper: stores.wishLists, lifetime: configuration.wishLists.lifetime, now: configuration.now, logger: logger))
        services.append(DeletedProductPurge(products: products, pictures: pictures, now: configuration.now, logger: logger))
        return buildApplication(
            router: router(), answers: products, pictures: pictures, configuration: configuration, services: services, logger: logger,
            onRunning: onRunning)
    }

    /// One round of the purge of deleted products (`DeletedProductPurge`, which the application runs every minute).
    public func purgeDeleted() async {
        await DeletedProductPurge(products: products, pictures: pictures, now: configuration.now, logger: logger).purge()
    }

    /// The change stream on a local socket as well (`ChangeSocket`), for browsers started on this machine; the
    /// caller stops it.
    public func openChangeSocket() throws -> ChangeSocket {
        try ChangeSocket(stream: products.stream, logger: logger)
    }

    /// The `Server` header of every response.
    static let serverName = "openmarket"

    /// The base of absolute URLs the server writes.
    public var baseURL: String { products.baseURL }
}

public import Foundation
public import Logging
import MarketDemo
import NIOConcurrencyHelpers
public import PostgresNIO

/// The stores on a PostgreSQL database, through one PostgresNIO connection pool (`PostgresClient`):
/// what `openmarket serve --database postgres://…` runs on, any number of replicas sharing one database.
///
/// `open` checks the database on a connection of its own — so an unreachable server is an error within
/// seconds, not a pool retrying for a minute — and migrates it (`PostgresSchema`). The pool is a
/// ServiceLifecycle service: nothing is queried until it runs, beside the HTTP server in a
/// `ServiceGroup`, or around a piece of work with `run(_:)`.
public struct PostgresStores: Sendable {
    /// The connection pool; run it (`run()`, a `Service`) for as long as the stores are used.
    public let client: PostgresClient
    /// All of them, for `OpenMarketServer.open(_:stores:logger:)`.
    public let stores: MarketStores
    public let location: PostgresLocation

    /// How long `open` waits for the server to accept a connection and answer, in all.
    static let openDeadline: Duration = .seconds(10)

    /// Connects to `location`, brings its schema up to date (or refuses a newer one) and makes the pool,
    /// which opens at most `maximumConnections` at once and reports to `metrics`. Throws a
    /// `PostgresStoreError` saying why not.
    public static func open(
        _ location: PostgresLocation, maximumConnections: Int = 20, now: @escaping @Sendable () -> Date = { Date() },
        metrics: DatabaseMetrics = DatabaseMetrics(), logger: Logger
    ) async throws -> PostgresStores {
        let connection = try await connect(location, logger: logger)
        do {
            try await PostgresSchema.migrate(on: connection, location: location, logger: logger)
            try? await connection.close()
        } catch {
            try? await connection.close()
            if let error = error as? PostgresStoreError { throw error }
            throw PostgresStoreError.unusable(location, "migrating failed: \(PostgresStoreError.reason(error))")
        }
        let client = PostgresClient(
            configuration: location.clientConfiguration(maximumConnections: maximumConnections),
            backgroundLogger: logger)
        let pool = PostgresPool(client: client, metrics: metrics)
        return PostgresStores(
            client: client,
            stores: MarketStores(
                products: PostgresProductStore(pool: pool, logger: logger),
                vendors: PostgresVendorStore(pool: pool, now: now, logger: logger),
                deleteTokens: PostgresDeleteTokenStore(pool: pool, logger: logger),
                pictures: PostgresPictureMetadataStore(pool: pool, logger: logger),
                demoCatalog: PostgresDemoCatalogStore(pool: pool, now: now, logger: logger),
                pictureFiles: PostgresPictureStore(pool: pool, logger: logger),
                changeFeed: PostgresChangeFeed(pool: pool, location: location, logger: logger),
                wishLists: PostgresWishListKeeper(pool: pool, logger: logger)),
            location: location)
    }

    /// One connection to `location`, or `PostgresStoreError.unreachable` within `openDeadline`.
    public static func connect(_ location: PostgresLocation, logger: Logger) async throws -> PostgresConnection {
        let configuration: PostgresConnection.Configuration
        do {
            configuration = try location.connectionConfiguration()
        } catch {
            throw PostgresStoreError.unreachable(location, error)
        }
        // Whoever comes first decides: the connection is handed over, or — when the deadline passed or the
        // caller was cancelled first — closed by the task that made it (a connection must be closed, not
        // just dropped, and the group waits for that task anyway).
        let handedOver = NIOLockedValueBox<Bool?>(nil)
        return try await withThrowingTaskGroup(of: PostgresConnection?.self) { group in
            group.addTask {
                let connection: PostgresConnection
                do {
                    connection = try await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger)
                } catch {
                    throw PostgresStoreError.unreachable(location, error)
                }
                let taken = handedOver.withLockedValue { decided -> Bool in
                    if decided == nil { decided = true }
                    return decided == true
                }
                if taken { return connection }
                try? await connection.close()
                return nil
            }
            group.addTask {
                try? await Task.sleep(for: openDeadline)
                handedOver.withLockedValue { if $0 == nil { $0 = false } }
                return nil
            }
            defer { group.cancelAll() }
            while let next = try await group.next() {
                if let connection = next { return connection }
                if handedOver.withLockedValue({ $0 }) == false { break }
            }
            throw PostgresStoreError.unreachable(location, TimedOut(after: openDeadline))
        }
    }

    /// Runs the pool for as long as `body` runs (a command that uses the stores and exits).
    public func run<Result: Sendable>(_ body: () async throws -> Result) async throws -> Result {
        try await withThrowingTaskGroup(of: Void.self) { group in
            // Wait until the pool's task runs: a lease asked before that is served, but warned about.
            let (started, starting) = AsyncStream.makeStream(of: Never.self)
            group.addTask {
                starting.finish()
                await client.run()
            }
            for await _ in started {}
            defer { group.cancelAll() }
            return try await body()
        }
    }

    /// No answer within the deadline.
    private struct TimedOut: Error, CustomStringConvertible {
        let after: Duration
        var description: String { "no answer within \(after)" }
    }
}

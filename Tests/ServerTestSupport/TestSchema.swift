public import Foundation
import Logging
public import MarketServer
import NIOConcurrencyHelpers
import PostgresNIO

/// A schema of its own in the test cluster — what one test case's PostgreSQL stores live in — and the
/// stores opened on it, each with its pool running. `drop()` stops the pools and drops the schema.
///
/// A schema rather than a database: `CREATE SCHEMA` takes about a millisecond, `CREATE DATABASE … TEMPLATE
/// template0` about 250 ms even without fsync (docs/DECISIONS.md).
public final class TestSchema: Sendable {
    /// The cluster's location with `schema` set: stores opened here see only this schema.
    public let location: PostgresLocation
    private let pools = NIOLockedValueBox<[Task<Void, Never>]>([])

    private init(location: PostgresLocation) {
        self.location = location
    }

    static var logger: Logger {
        var logger = Logger(label: "test-postgres")
        logger.logLevel = .critical
        return logger
    }

    /// A new, empty schema in the cluster of `TestPostgres`.
    public static func create() async throws -> TestSchema {
        var location = try TestPostgres.cluster()
        let name = "test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try await administer(location, "CREATE SCHEMA \(name)")
        location.schema = name
        return TestSchema(location: location)
    }

    /// Stores on this schema (migrated on first open), their pool running until `drop()`.
    public func open(now: @escaping @Sendable () -> Date = { Date() }, maximumConnections: Int = 4) async throws
        -> PostgresStores
    {
        let stores = try await PostgresStores.open(
            location, maximumConnections: maximumConnections, now: now, logger: Self.logger)
        let (started, starting) = AsyncStream.makeStream(of: Never.self)
        let pool = Task {
            starting.finish()
            await stores.client.run()
        }
        pools.withLockedValue { $0.append(pool) }
        for await _ in started {}
        return stores
    }

    /// Stops every pool opened here and drops the schema with everything in it.
    public func drop() async {
        let running = pools.withLockedValue { pools in
            defer { pools = [] }
            return pools
        }
        for pool in running {
            pool.cancel()
            await pool.value
        }
        if let schema = location.schema {
            var cluster = location
            cluster.schema = nil
            try? await Self.administer(cluster, "DROP SCHEMA IF EXISTS \(schema) CASCADE")
        }
    }

    /// Runs `body` with a fresh schema, dropped afterwards whatever happens.
    public static func with<Result: Sendable>(_ body: (TestSchema) async throws -> Result) async throws -> Result {
        let schema = try await create()
        do {
            let result = try await body(schema)
            await schema.drop()
            return result
        } catch {
            await schema.drop()
            throw error
        }
    }

    /// Runs one statement on its own connection to `location`.
    static func administer(_ location: PostgresLocation, _ sql: String) async throws {
        let connection = try await PostgresStores.connect(location, logger: logger)
        do {
            try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger)
        } catch {
            try? await connection.close()
            throw error
        }
        try await connection.close()
    }
}

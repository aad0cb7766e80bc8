import Foundation
import Logging
import PostgresNIO

/// The demo catalog in PostgreSQL: vendors, products, pictures' rows and the demo vendor's credentials (in
/// `meta`) in one transaction. Seeding holds an advisory lock and keeps a catalog already committed, so
/// replicas that start on an empty database at once seed it once.
struct PostgresDemoCatalogStore: DemoCatalogStore {
    let client: PostgresClient
    let now: @Sendable () -> Date
    let logger: Logger

    /// The `meta` row that holds the demo vendor's credentials once the catalog is committed.
    static let metaKey = "demo_vendor"
    /// The advisory lock seeding holds ("demoseed" in ASCII).
    static let seedLock: Int64 = 0x6465_6D6F_7365_6564

    func demoVendor() async throws -> VendorCredentials? {
        try await client.transaction(snapshot: true, logger: logger) { connection in
            try await Self.demoVendor(on: connection, logger: logger)
        }
    }

    private static func demoVendor(on connection: PostgresConnection, logger: Logger) async throws
        -> VendorCredentials?
    {
        let json = try await connection.firstRow("SELECT value FROM meta WHERE key = \(metaKey)", logger: logger) {
            try $0[0].decode(String.self)
        }
        return try json.map { try JSONDecoder().decode(VendorCredentials.self, from: Data($0.utf8)) }
    }

    func seed(vendorNames: [String], products: [SeedProduct]) async throws -> VendorCredentials {
        let date = now()
        return try await client.transaction(logger: logger, deadline: PostgresClient.seedingDeadline) { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(\(Self.seedLock))", logger: logger)
            if let seeded = try await Self.demoVendor(on: connection, logger: logger) { return seeded }
            var vendors: [VendorCredentials] = []
            for name in vendorNames {
                let vendor = NewVendor(name: name, at: date)
                vendors.append(try await PostgresVendorStore.add(vendor, on: connection, logger: logger))
            }
            for seed in products {
                var product = seed.product
                product.vendorID = vendors[seed.vendor].id
                _ = try await PostgresProductStore.insert(
                    product, pictures: seed.pictures(product.vendorID), at: seed.date, on: connection, logger: logger)
            }
            let demo = vendors[0]
            let json = String(decoding: try JSONEncoder().encode(demo), as: UTF8.self)
            try await connection.query(
                """
                INSERT INTO meta (key, value) VALUES (\(Self.metaKey), \(json))
                ON CONFLICT (key) DO UPDATE SET value = excluded.value
                """, logger: logger)
            return demo
        }
    }
}

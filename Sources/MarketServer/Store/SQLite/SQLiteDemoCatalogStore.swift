import Foundation
import GRDB
import MarketDemo

/// The demo catalog in SQLite: vendors, products, pictures' rows and the demo vendor's credentials (in
/// `meta`) in one transaction.
struct SQLiteDemoCatalogStore: DemoCatalogStore {
    let database: DatabasePool
    let now: @Sendable () -> Date

    /// The `meta` row that holds the demo vendor's credentials once the catalog is committed.
    static let metaKey = "demo_vendor"

    func demoVendor() async throws -> VendorCredentials? {
        try await database.read { db in
            guard
                let json = try String.fetchOne(
                    db, sql: "SELECT value FROM meta WHERE key = ?", arguments: [Self.metaKey])
            else { return nil }
            return try JSONDecoder().decode(VendorCredentials.self, from: Data(json.utf8))
        }
    }

    func seed(vendorNames: [String], products: [SeedProduct]) async throws -> VendorCredentials {
        let date = now()
        return try await database.write { db in
            let vendors = try vendorNames.map { try SQLiteVendorStore.add(NewVendor(name: $0, at: date), in: db) }
            for seed in products {
                var product = seed.product
                product.vendorID = vendors[seed.vendor].id
                _ = try SQLiteProductStore.insert(
                    product, pictures: seed.pictures(product.vendorID), at: seed.date, in: db)
            }
            let demo = vendors[0]
            let json = String(decoding: try JSONEncoder().encode(demo), as: UTF8.self)
            try db.execute(
                sql: "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", arguments: [Self.metaKey, json])
            return demo
        }
    }
}

import Foundation
import MarketDemo

/// The demo catalog in memory (`MemoryDatabase`), seeded in one locked step.
struct MemoryDemoCatalogStore: DemoCatalogStore {
    let database: MemoryDatabase
    let now: @Sendable () -> Date

    func demoVendor() async throws -> VendorCredentials? {
        database.read { $0.demoVendor }
    }

    func seed(vendorNames: [String], products: [SeedProduct]) async throws -> VendorCredentials {
        let date = now()
        let vendors = vendorNames.map { NewVendor(name: $0, at: date) }
        return try database.transaction { tables in
            let credentials = vendors.map { tables.add($0) }
            for seed in products {
                var product = seed.product
                product.vendorID = credentials[seed.vendor].id
                _ = try tables.insert(product, pictures: seed.pictures(product.vendorID), at: seed.date)
            }
            tables.demoVendor = credentials[0]
            return credentials[0]
        }
    }
}

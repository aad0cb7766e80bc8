import Foundation

/// Vendors in memory (`MemoryDatabase`).
struct MemoryVendorStore: VendorStore {
    let database: MemoryDatabase
    let now: @Sendable () -> Date

    func add(name: String) async throws -> VendorCredentials {
        let vendor = NewVendor(name: name, at: now())
        return try database.transaction { $0.add(vendor) }
    }

    func all() async throws -> [Vendor] {
        database.read { $0.vendors }
    }

    func vendor(identifier: String) async throws -> Vendor? {
        let key = identifier.lowercased()
        return database.read { tables in tables.vendors.first { $0.identifier == key } }
    }
}

import Foundation
public import GRDB

/// The vendors table: create vendors, find them by identifier, list them.
public struct SQLiteVendorStore: VendorStore {
    let database: DatabasePool
    let now: @Sendable () -> Date

    init(database: DatabasePool, now: @escaping @Sendable () -> Date) {
        self.database = database
        self.now = now
    }

    public func add(name: String) async throws -> VendorCredentials {
        try await database.write { db in try Self.add(NewVendor(name: name, at: now()), in: db) }
    }

    /// `add(name:)` for a caller that cannot wait asynchronously: the SSH server's session handler
    /// creates a key's vendor on the event loop (`openmarket ssh`, KeyVendors).
    public func addBlocking(name: String) throws -> VendorCredentials {
        try database.write { db in try Self.add(NewVendor(name: name, at: now()), in: db) }
    }

    /// Inserts `vendor` inside the caller's transaction.
    static func add(_ vendor: NewVendor, in db: Database) throws -> VendorCredentials {
        try db.execute(
            sql: "INSERT INTO vendor (name, identifier, secret_salt, secret_hash, created_at) VALUES (?, ?, ?, ?, ?)",
            arguments: [
                vendor.name, vendor.identifier, Data(vendor.secretSalt), Data(vendor.secretHash), vendor.createdAt,
            ])
        return vendor.credentials(id: Int(db.lastInsertedRowID))
    }

    public func all() async throws -> [Vendor] {
        try await database.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM vendor ORDER BY id").map(Self.vendor)
        }
    }

    public func vendor(identifier: String) async throws -> Vendor? {
        let key = identifier.lowercased()
        return try await database.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM vendor WHERE identifier = ?", arguments: [key]).map(Self.vendor)
        }
    }

    static func vendor(_ row: Row) -> Vendor {
        Vendor(
            id: row["id"], name: row["name"], identifier: row["identifier"],
            secretSalt: [UInt8](row["secret_salt"] as Data), secretHash: [UInt8](row["secret_hash"] as Data),
            createdAt: row["created_at"])
    }
}

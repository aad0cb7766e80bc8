import Foundation
public import GRDB

/// The vendors table: create vendors, find them by identifier, check their secrets.
public struct VendorStore: Sendable {
    let database: DatabasePool
    let now: @Sendable () -> Date

    public init(database: DatabasePool, now: @escaping @Sendable () -> Date = { Date() }) {
        self.database = database
        self.now = now
    }

    /// Creates a vendor with a fresh identifier and secret; the secret is returned once, stored hashed.
    public func add(name: String) throws -> VendorCredentials {
        try database.write { db in try add(name: name, in: db) }
    }

    func add(name: String, in db: Database) throws -> VendorCredentials {
        let identifier = UUID().uuidString.lowercased()
        let secret = SecretHasher.newSecret()
        let salt = SecretHasher.newSalt()
        try db.execute(
            sql: "INSERT INTO vendor (name, identifier, secret_salt, secret_hash, created_at) VALUES (?, ?, ?, ?, ?)",
            arguments: [
                name, identifier, Data(salt), Data(SecretHasher.hash(secret: secret, salt: salt)),
                Timestamp.string(now()),
            ])
        return VendorCredentials(id: Int(db.lastInsertedRowID), name: name, identifier: identifier, secret: secret)
    }

    /// Every vendor, oldest first.
    public func all() throws -> [Vendor] {
        try database.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM vendor ORDER BY id").map(Self.vendor)
        }
    }

    /// The vendor with this identifier (compared case-insensitively), or nil.
    public func vendor(identifier: String) async throws -> Vendor? {
        let key = identifier.lowercased()
        return try await database.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM vendor WHERE identifier = ?", arguments: [key]).map(Self.vendor)
        }
    }

    /// True when `secret` is this vendor's secret.
    public func verify(secret: String, of vendor: Vendor) -> Bool {
        SecretHasher.matches(secret: secret, salt: vendor.secretSalt, hash: vendor.secretHash)
    }

    static func vendor(_ row: Row) -> Vendor {
        Vendor(
            id: row["id"], name: row["name"], identifier: row["identifier"],
            secretSalt: [UInt8](row["secret_salt"] as Data), secretHash: [UInt8](row["secret_hash"] as Data),
            createdAt: row["created_at"])
    }
}

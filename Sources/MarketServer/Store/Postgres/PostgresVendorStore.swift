import Foundation
import Logging
import PostgresNIO

/// The vendors table in PostgreSQL: create vendors, find them by identifier, list them.
struct PostgresVendorStore: VendorStore {
    let pool: PostgresPool
    let now: @Sendable () -> Date
    let logger: Logger

    func add(name: String) async throws -> VendorCredentials {
        let vendor = NewVendor(name: name, at: now())
        return try await pool.transaction(logger: logger) { connection in
            try await Self.add(vendor, on: connection, logger: logger)
        }
    }

    /// Inserts `vendor` inside the caller's transaction.
    static func add(_ vendor: NewVendor, on connection: PostgresConnection, logger: Logger) async throws
        -> VendorCredentials
    {
        let id = try await connection.firstRow(
            """
            INSERT INTO vendor (name, identifier, secret_salt, secret_hash, created_at)
            VALUES (\(vendor.name), \(vendor.identifier), \(ByteBuffer(bytes: vendor.secretSalt)),
              \(ByteBuffer(bytes: vendor.secretHash)), \(vendor.createdAt))
            RETURNING id
            """, logger: logger
        ) { try $0[0].decode(Int.self) }
        guard let id else { throw APIError(.internalServerError, "the new vendor's id did not come back") }
        return vendor.credentials(id: id)
    }

    func all() async throws -> [Vendor] {
        try await pool.statement(logger: logger) { connection in
            try await connection.rows("SELECT * FROM vendor ORDER BY id", logger: logger, Self.vendor)
        }
    }

    func vendor(identifier: String) async throws -> Vendor? {
        let key = identifier.lowercased()
        return try await pool.statement(logger: logger) { connection in
            try await connection.firstRow("SELECT * FROM vendor WHERE identifier = \(key)", logger: logger, Self.vendor)
        }
    }

    /// A row of `vendor`.
    static func vendor(_ row: PostgresRandomAccessRow) throws -> Vendor {
        Vendor(
            id: try row["id"].decode(Int.self), name: try row["name"].decode(String.self),
            identifier: try row["identifier"].decode(String.self),
            secretSalt: Array(buffer: try row["secret_salt"].decode(ByteBuffer.self)),
            secretHash: Array(buffer: try row["secret_hash"].decode(ByteBuffer.self)),
            createdAt: try row["created_at"].decode(String.self))
    }
}

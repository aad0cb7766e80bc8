import Foundation
import Logging
import PostgresNIO

/// Wish lists in PostgreSQL's `wish_list` table, shared by every replica (and so by every SSH front).
struct PostgresWishListKeeper: WishListKeeper {
    let pool: PostgresPool
    let logger: Logger

    func wishList(owner: String) async throws -> String? {
        try await pool.transaction(snapshot: true, logger: logger) { connection in
            try await connection.firstRow("SELECT body FROM wish_list WHERE owner = \(owner)", logger: logger) {
                try $0[0].decode(String.self)
            }
        }
    }

    func keep(_ json: String, owner: String, at date: Date) async throws {
        let stamp = date.timeIntervalSince1970
        try await pool.transaction(logger: logger) { connection in
            try await connection.query(
                """
                INSERT INTO wish_list (owner, body, updated_at) VALUES (\(owner), \(json), \(stamp))
                ON CONFLICT (owner) DO UPDATE SET body = excluded.body, updated_at = excluded.updated_at
                """, logger: logger)
        }
    }
}

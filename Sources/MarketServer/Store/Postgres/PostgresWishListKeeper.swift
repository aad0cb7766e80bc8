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

    func keep(_ json: String, owner: String, at date: Date, mostBytes: Int) async throws -> Bool {
        let stamp = date.timeIntervalSince1970
        let size = json.utf8.count
        return try await pool.transaction(logger: logger) { connection in
            // One writer at a time measures and writes, so replicas together stay within the quota.
            try await connection.query("LOCK TABLE wish_list IN SHARE ROW EXCLUSIVE MODE", logger: logger)
            let others = try await connection.firstRow(
                "SELECT COALESCE(SUM(octet_length(body)), 0)::bigint FROM wish_list WHERE owner <> \(owner)", logger: logger
            ) { try $0[0].decode(Int.self) } ?? 0
            guard others + size <= mostBytes else { return false }
            try await connection.query(
                """
                INSERT INTO wish_list (owner, body, updated_at) VALUES (\(owner), \(json), \(stamp))
                ON CONFLICT (owner) DO UPDATE SET body = excluded.body, updated_at = excluded.updated_at
                """, logger: logger)
            return true
        }
    }

    func removeUntouched(before date: Date) async throws -> Int {
        let stamp = date.timeIntervalSince1970
        return try await pool.transaction(logger: logger) { connection in
            try await connection.firstRow(
                "WITH gone AS (DELETE FROM wish_list WHERE updated_at < \(stamp) RETURNING 1) SELECT count(*)::bigint FROM gone",
                logger: logger
            ) { try $0[0].decode(Int.self) } ?? 0
        }
    }
}

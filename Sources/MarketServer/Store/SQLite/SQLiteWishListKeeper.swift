import Foundation
import GRDB

/// Wish lists in SQLite's `wish_list` table, one row per owner.
struct SQLiteWishListKeeper: WishListKeeper {
    let database: DatabasePool

    func wishList(owner: String) async throws -> String? {
        try await database.read { db in
            try String.fetchOne(db, sql: "SELECT body FROM wish_list WHERE owner = ?", arguments: [owner])
        }
    }

    func keep(_ json: String, owner: String, at date: Date, mostBytes: Int) async throws -> Bool {
        try await database.write { db in
            let others = try Int.fetchOne(
                db, sql: "SELECT COALESCE(SUM(length(CAST(body AS BLOB))), 0) FROM wish_list WHERE owner != ?", arguments: [owner]) ?? 0
            guard others + json.utf8.count <= mostBytes else { return false }
            try db.execute(
                sql: """
                    INSERT INTO wish_list (owner, body, updated_at) VALUES (?, ?, ?)
                    ON CONFLICT (owner) DO UPDATE SET body = excluded.body, updated_at = excluded.updated_at
                    """,
                arguments: [owner, json, date.timeIntervalSince1970])
            return true
        }
    }

    func removeUntouched(before date: Date) async throws -> Int {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM wish_list WHERE updated_at < ?", arguments: [date.timeIntervalSince1970])
            return db.changesCount
        }
    }
}

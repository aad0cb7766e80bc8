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

    func keep(_ json: String, owner: String, at date: Date) async throws {
        try await database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO wish_list (owner, body, updated_at) VALUES (?, ?, ?)
                    ON CONFLICT (owner) DO UPDATE SET body = excluded.body, updated_at = excluded.updated_at
                    """,
                arguments: [owner, json, date.timeIntervalSince1970])
        }
    }
}

import Foundation
import GRDB

/// Delete tokens in SQLite's `delete_token` table; redeeming is one write transaction, and SQLite has
/// one writer at a time, so a token is spent exactly once.
struct SQLiteDeleteTokenStore: DeleteTokenStore {
    let database: DatabasePool

    func issue(productID: Int, vendorID: Int, now: Date, lifetime: TimeInterval) async throws -> String {
        let token = TokenMaker.random(bytes: 24)
        try await database.write { db in
            try db.execute(
                sql: "DELETE FROM delete_token WHERE expires_at < ?",
                arguments: [now.timeIntervalSince1970 - DeleteTokenRecord.keptAfterExpiry])
            try db.execute(
                sql: "INSERT INTO delete_token (token, product_id, vendor_id, expires_at) VALUES (?, ?, ?, ?)",
                arguments: [token, productID, vendorID, now.addingTimeInterval(lifetime).timeIntervalSince1970])
        }
        return token
    }

    func redeem(_ token: String, vendorID: Int, now: Date) async throws -> Int {
        try await database.write { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM delete_token WHERE token = ?", arguments: [token])
            else { throw DeleteTokenRecord.unknown }
            let record = DeleteTokenRecord(
                productID: row["product_id"], vendorID: row["vendor_id"], expiresAt: row["expires_at"],
                usedAt: row["used_at"])
            try record.checkSpendable(by: vendorID, at: now)
            try db.execute(
                sql: "UPDATE delete_token SET used_at = ? WHERE token = ?",
                arguments: [now.timeIntervalSince1970, token])
            return record.productID
        }
    }
}

import Foundation
import Logging
import PostgresNIO

/// Delete tokens in PostgreSQL. Redeeming marks the token used with `UPDATE … WHERE used_at IS NULL`, which
/// the first of any number of concurrent callers — on any replica — wins: the others wait on its row
/// lock and then find it used.
struct PostgresDeleteTokenStore: DeleteTokenStore {
    let pool: PostgresPool
    let logger: Logger

    func issue(productID: Int, vendorID: Int, now: Date, lifetime: TimeInterval) async throws -> String {
        let token = TokenMaker.random(bytes: 24)
        let forgetBefore = now.timeIntervalSince1970 - DeleteTokenRecord.keptAfterExpiry
        let expiresAt = now.addingTimeInterval(lifetime).timeIntervalSince1970
        try await pool.transaction(logger: logger) { connection in
            try await connection.query("DELETE FROM delete_token WHERE expires_at < \(forgetBefore)", logger: logger)
            try await connection.query(
                """
                INSERT INTO delete_token (token, product_id, vendor_id, expires_at)
                VALUES (\(token), \(productID), \(vendorID), \(expiresAt))
                """, logger: logger)
        }
        return token
    }

    func redeem(_ token: String, vendorID: Int, now: Date) async throws -> Int {
        let usedAt = now.timeIntervalSince1970
        return try await pool.transaction(logger: logger) { connection in
            // Spend it first; the shared rule then decides, and a refusal rolls the spending back.
            let spent = try await connection.firstRow(
                """
                UPDATE delete_token SET used_at = \(usedAt) WHERE token = \(token) AND used_at IS NULL
                RETURNING product_id, vendor_id, expires_at
                """, logger: logger, Self.record)
            if let spent {
                try spent.checkSpendable(by: vendorID, at: now)
                return spent.productID
            }
            // Not spent by us: unknown, or already used (which the rule says as it says it everywhere).
            let stored = try await connection.firstRow(
                "SELECT product_id, vendor_id, expires_at, used_at FROM delete_token WHERE token = \(token)",
                logger: logger, Self.record)
            guard let stored else { throw DeleteTokenRecord.unknown }
            try stored.checkSpendable(by: vendorID, at: now)
            throw APIError.notFound("delete token was already used")
        }
    }

    /// A row of `delete_token`; `used_at` is nil when the row does not have the column.
    private static func record(_ row: PostgresRandomAccessRow) throws -> DeleteTokenRecord {
        DeleteTokenRecord(
            productID: try row["product_id"].decode(Int.self), vendorID: try row["vendor_id"].decode(Int.self),
            expiresAt: try row["expires_at"].decode(Double.self),
            usedAt: row.contains("used_at") ? try row["used_at"].decode(Double?.self) : nil)
    }
}

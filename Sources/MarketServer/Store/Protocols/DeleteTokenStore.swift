import Foundation

/// Where delete tokens live (API.md #6–#7): each bound to a product and a vendor, single-use, expiring.
/// Implemented on SQLite (`SQLiteDeleteTokenStore`), PostgreSQL (`PostgresDeleteTokenStore`) and in memory
/// (`MemoryDeleteTokenStore`).
protocol DeleteTokenStore: Sendable {
    /// Stores and returns a new URL-safe token for the vendor's product, valid for `lifetime` from `now`.
    /// The caller has checked that the product is the vendor's.
    func issue(productID: Int, vendorID: Int, now: Date, lifetime: TimeInterval) async throws -> String

    /// Spends `token` for `vendorID`: checks it (`DeleteTokenRecord.checkSpendable`) and marks it used
    /// in one atomic step, so that of any number of concurrent calls exactly one succeeds. Returns the
    /// product it was issued for.
    func redeem(_ token: String, vendorID: Int, now: Date) async throws -> Int
}

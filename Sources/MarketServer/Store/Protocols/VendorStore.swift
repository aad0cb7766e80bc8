/// Where vendors live: created with a fresh identifier and secret, found by identifier, listed.
/// Implemented on SQLite (`SQLiteVendorStore`), PostgreSQL (`PostgresVendorStore`) and in memory
/// (`MemoryVendorStore`).
public protocol VendorStore: Sendable {
    /// Creates a vendor with a fresh identifier and secret; the secret is returned once, stored hashed.
    func add(name: String) async throws -> VendorCredentials

    /// Every vendor, oldest first.
    func all() async throws -> [Vendor]

    /// The vendor with this identifier (compared case-insensitively), or nil.
    func vendor(identifier: String) async throws -> Vendor?
}

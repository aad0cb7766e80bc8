import MarketDemo
/// Where the demo catalog is written, whole or not at all, and its vendor's credentials found again.
/// Implemented on SQLite (`SQLiteDemoCatalogStore`), PostgreSQL (`PostgresDemoCatalogStore`) and in memory
/// (`MemoryDemoCatalogStore`).
protocol DemoCatalogStore: Sendable {
    /// The demo vendor's credentials, when a catalog was committed to this store.
    func demoVendor() async throws -> VendorCredentials?

    /// Creates the vendors (the first is the demo vendor), the products with their pictures' rows, and
    /// records the demo vendor's credentials, in one atomic step. Returns those credentials.
    func seed(vendorNames: [String], products: [SeedProduct]) async throws -> VendorCredentials
}

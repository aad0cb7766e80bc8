public import Foundation
import GRDB
import MarketDemo

/// The stores on one SQLite file (WAL, through one GRDB pool), as `openmarket serve` runs by default.
public struct SQLiteStores: Sendable {
    /// The vendors, with the blocking `addBlocking(name:)` the SSH server needs.
    public let vendors: SQLiteVendorStore
    /// All of them, for `OpenMarketServer.open(_:stores:logger:)`.
    public let stores: MarketStores

    /// Opens (creating and migrating if needed) `openmarket.sqlite` in `directory`.
    public static func open(directory: URL, now: @escaping @Sendable () -> Date = { Date() }) throws -> SQLiteStores {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let database = try MarketDatabase.open(path: directory.appendingPathComponent(fileName).path)
        let vendors = SQLiteVendorStore(database: database, now: now)
        return SQLiteStores(
            vendors: vendors,
            stores: MarketStores(
                products: SQLiteProductStore(database: database), vendors: vendors,
                deleteTokens: SQLiteDeleteTokenStore(database: database),
                pictures: SQLitePictureMetadataStore(database: database),
                demoCatalog: SQLiteDemoCatalogStore(database: database, now: now),
                wishLists: SQLiteWishListKeeper(database: database)))
    }

    /// The database's file name in the data directory.
    public static let fileName = "openmarket.sqlite"
}

public import Foundation
import MarketDemo

/// The stores a server runs on, each behind its protocol: SQLite in the data directory by default
/// (`SQLiteStores`), PostgreSQL shared by replicas (`PostgresStores`), in memory for tests (`memory(now:)`), or
/// any other implementation of the protocols.
public struct MarketStores: Sendable {
    let products: any ProductStore
    /// The vendors: create and list them (`openmarket vendor`), as the routes find them.
    public let vendors: any VendorStore
    let deleteTokens: any DeleteTokenStore
    let pictures: any PictureMetadataStore
    let demoCatalog: any DemoCatalogStore
    /// Where pictures' bytes go; nil: files in the data directory (`DirectoryPictureStore`).
    let pictureFiles: (any PictureStore)?
    /// How other servers' writes to these stores are heard (none for stores only this server writes).
    let changeFeed: any ChangeFeed
    /// Wish lists kept for clients without a disk of their own.
    let wishLists: any WishListKeeper

    init(
        products: any ProductStore, vendors: any VendorStore, deleteTokens: any DeleteTokenStore,
        pictures: any PictureMetadataStore, demoCatalog: any DemoCatalogStore, pictureFiles: (any PictureStore)? = nil,
        changeFeed: any ChangeFeed = LocalChangeFeed(), wishLists: any WishListKeeper
    ) {
        self.wishLists = wishLists
        self.products = products
        self.vendors = vendors
        self.deleteTokens = deleteTokens
        self.pictures = pictures
        self.demoCatalog = demoCatalog
        self.pictureFiles = pictureFiles
        self.changeFeed = changeFeed
    }

    /// The same stores with pictures' bytes in the data directory instead of wherever these keep them.
    public func keepingPicturesInDataDirectory() -> MarketStores {
        MarketStores(
            products: products, vendors: vendors, deleteTokens: deleteTokens, pictures: pictures,
            demoCatalog: demoCatalog, pictureFiles: nil, changeFeed: changeFeed, wishLists: wishLists)
    }

    /// Fresh, empty stores in memory, sharing one set of tables (pictures' bytes too); `now` dates vendors
    /// and the catalog.
    public static func memory(now: @escaping @Sendable () -> Date = { Date() }) -> MarketStores {
        let database = MemoryDatabase()
        return MarketStores(
            products: MemoryProductStore(database: database),
            vendors: MemoryVendorStore(database: database, now: now),
            deleteTokens: MemoryDeleteTokenStore(database: database),
            pictures: MemoryPictureMetadataStore(database: database),
            demoCatalog: MemoryDemoCatalogStore(database: database, now: now), pictureFiles: MemoryPictureStore(),
            wishLists: MemoryWishListKeeper(database: database))
    }
}

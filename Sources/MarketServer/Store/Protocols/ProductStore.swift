import Foundation

/// Where products and their pictures' rows live. Implemented on SQLite (`SQLiteProductStore`), PostgreSQL
/// (`PostgresProductStore`), in memory (`MemoryProductStore`), and decorated by the answer cache
/// (`CachedProductStore`).
///
/// Every method is one atomic step of the store (one transaction of a database): callers never
/// group calls into a transaction, so a networked database can implement it. Errors meant for the
/// client are `APIError`s; anything else is a failure of the store.
protocol ProductStore: Sendable {
    /// One page (`number` from 1) of the products whose name or description contains `search`
    /// (case-insensitively), in `listing`'s order and filter (newest first, all: the course API's), with
    /// the count of all of them.
    func page(number: Int, perPage: Int, search: String?, listing: ProductListing) async throws -> ProductPage

    /// A product with its pictures, or nil.
    func detail(id: Int) async throws -> StoredProductDetail?

    /// The products of `ids`, in that order; ids of no product are left out.
    func products(ids: [Int]) async throws -> [StoredProduct]

    /// At most `limit` products whose id is more than `id`, in increasing id: the store read in batches (the
    /// search index is built so).
    func products(after id: Int, limit: Int) async throws -> [StoredProduct]

    /// Inserts a product and its pictures, all or nothing; the first picture becomes the thumbnail.
    func insert(_ product: NewProduct, pictures: [SavedPicture], at date: Date) async throws -> StoredProductDetail

    /// Inserts a product, its pictures' rows and the pictures' bytes `files` in one step (a store that keeps
    /// pictures' bytes in its own database: `PictureStore.stage`). The default takes no bytes: it fails,
    /// writing nothing, when given any.
    func insert(_ product: NewProduct, pictures: [SavedPicture], files: [PictureFile], at date: Date) async throws
        -> StoredProductDetail

    /// Applies `changes` to the vendor's product, checking ownership and every rule against the
    /// stored state in the same step (`StoredProductDetail.updated(by:with:at:)`): 404, 403 or 400.
    func update(id: Int, vendorID: Int, with changes: ProductChanges, at date: Date) async throws
        -> StoredProductDetail

    /// Deletes a product and its pictures' rows, keeping what was deleted (its pictures' files stay) so that
    /// its vendor can bring it back (`restore`) until it is purged; returns it, 404 when there is none. The
    /// product leaves every list, search and detail at once (docs/API.md, "Undo a delete").
    func delete(id: Int, at date: Date) async throws -> StoredProductDetail

    /// Brings back product `id`, deleted at or after `since`, as it was (its id, pictures and dates), for its
    /// vendor: 404 when none was deleted since (or it was purged), 403 when it is another vendor's.
    func restore(id: Int, vendorID: Int, deletedSince since: Date) async throws -> StoredProductDetail

    /// Forgets the products deleted before `date` for good, and returns them (their pictures' files go next).
    func purgeDeleted(before date: Date) async throws -> [StoredProductDetail]
}

extension ProductStore {
    /// One page newest first, everything: the course API's listing.
    func page(number: Int, perPage: Int, search: String?) async throws -> ProductPage {
        try await page(number: number, perPage: perPage, search: search, listing: .standard)
    }

    /// One `detail` per id: correct on any store, for stores that have nothing faster.
    func products(ids: [Int]) async throws -> [StoredProduct] {
        var products: [StoredProduct] = []
        for id in ids { if let detail = try await detail(id: id) { products.append(detail.product) } }
        return products
    }

    /// Through `page`, newest first: correct on any store, for stores that have nothing faster.
    func products(after id: Int, limit: Int) async throws -> [StoredProduct] {
        var all: [StoredProduct] = []
        var number = 1
        while true {
            let page = try await page(number: number, perPage: 100, search: nil, listing: .standard)
            all += page.items.filter { $0.id > id }
            if page.items.count < 100 || page.items.last.map({ $0.id <= id }) == true { break }
            number += 1
        }
        return Array(all.sorted { $0.id < $1.id }.prefix(limit))
    }

    func insert(_ product: NewProduct, pictures: [SavedPicture], files: [PictureFile], at date: Date) async throws
        -> StoredProductDetail
    {
        guard files.isEmpty else {
            throw APIError(.internalServerError, "this product store cannot keep pictures' bytes (\(files.count) files given)")
        }
        return try await insert(product, pictures: pictures, at: date)
    }
}

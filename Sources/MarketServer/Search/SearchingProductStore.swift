import Foundation
import MarketSearch

/// A product store whose searches are the server's own (`ProductSearch`): words in any order, spacing and
/// hyphens ignored, typos and Korean initials forgiven, ranked name before description (docs/API.md,
/// "Search"), the same on every store. Pages without a search, and every write, go to the wrapped store; each
/// write also goes to the index.
struct SearchingProductStore: ProductStore {
    let base: any ProductStore
    let search: ProductSearch

    /// Wraps `base` with an index of what it holds now.
    static func open(_ base: any ProductStore) async throws -> SearchingProductStore {
        let search = ProductSearch(store: base)
        try await search.rebuild()
        return SearchingProductStore(base: base, search: search)
    }

    func page(number: Int, perPage: Int, search text: String?, listing: ProductListing) async throws -> ProductPage {
        guard let text, !text.isEmpty else {
            return try await base.page(number: number, perPage: perPage, search: nil, listing: listing)
        }
        let query = SearchQuery(text)
        let (index, keys) = search.snapshot
        let offset = (number - 1) * perPage
        let admits: ((Int) -> Bool)? = listing.filters ? { id in keys[id].map(listing.admits) ?? false } : nil
        let total: Int
        let ids: [Int]
        if listing.orderGiven {
            let hits = listing.arrange(index.hits(query, admits: admits), keys: keys)
            total = hits.count
            ids = hits.dropFirst(offset).prefix(perPage).map(\.id)
        } else {
            (total, ids) = index.page(query, offset: offset, limit: perPage, admits: admits)
        }
        let items = try await base.products(ids: ids)
        let suggestion = total == 0 ? index.suggestion(for: text) : nil
        return ProductPage(
            total: total, items: items, search: SearchOutcome(bestMatchFirst: !listing.orderGiven, suggestion: suggestion))
    }

    func products(ids: [Int]) async throws -> [StoredProduct] {
        try await base.products(ids: ids)
    }

    func products(after id: Int, limit: Int) async throws -> [StoredProduct] {
        try await base.products(after: id, limit: limit)
    }

    func detail(id: Int) async throws -> StoredProductDetail? {
        try await base.detail(id: id)
    }

    func insert(_ product: NewProduct, pictures: [SavedPicture], at date: Date) async throws -> StoredProductDetail {
        try await insert(product, pictures: pictures, files: [], at: date)
    }

    func insert(_ product: NewProduct, pictures: [SavedPicture], files: [PictureFile], at date: Date) async throws
        -> StoredProductDetail
    {
        let detail = try await rereadingOnFailure(.inserted(id: nil)) {
            try await base.insert(product, pictures: pictures, files: files, at: date)
        }
        search.wrote(detail)
        return detail
    }

    func update(id: Int, vendorID: Int, with changes: ProductChanges, at date: Date) async throws
        -> StoredProductDetail
    {
        let detail = try await rereadingOnFailure(.updated(id: id, textChanged: true)) {
            try await base.update(id: id, vendorID: vendorID, with: changes, at: date)
        }
        search.wrote(detail)
        return detail
    }

    func delete(id: Int, at date: Date) async throws -> StoredProductDetail {
        let detail = try await rereadingOnFailure(.deleted(id: id)) { try await base.delete(id: id, at: date) }
        search.deleted(id: id)
        return detail
    }

    func restore(id: Int, vendorID: Int, deletedSince since: Date) async throws -> StoredProductDetail {
        let detail = try await rereadingOnFailure(.inserted(id: id)) {
            try await base.restore(id: id, vendorID: vendorID, deletedSince: since)
        }
        search.wrote(detail)
        return detail
    }

    func purgeDeleted(before date: Date) async throws -> [StoredProductDetail] {
        try await base.purgeDeleted(before: date)
    }

    /// Runs a write; when it fails, the index reads what it may have changed again, behind the error (a networked
    /// store may have committed before failing, as `CachedProductStore` assumes too).
    private func rereadingOnFailure<Result>(_ change: ProductChange, _ write: () async throws -> Result) async throws
        -> Result
    {
        do {
            return try await write()
        } catch {
            let search = self.search
            Task { try? await search.apply(change) }
            throw error
        }
    }
}

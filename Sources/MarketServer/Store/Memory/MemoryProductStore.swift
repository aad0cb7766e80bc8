import Foundation

/// Products and their pictures in memory (`MemoryDatabase`): the product store of tests.
struct MemoryProductStore: ProductStore {
    let database: MemoryDatabase

    func page(number: Int, perPage: Int, search: String?, listing: ProductListing) async throws -> ProductPage {
        let needle = search.map { $0.lowercased() }
        return database.read { tables in
            // Newest first; a search is a substring of the lowercased text, as SQLite's instr() finds it.
            let matching = tables.order.reversed().compactMap { tables.products[$0]?.product }.filter { product in
                guard let needle else { return true }
                let text = StoredProduct.searchText(name: product.name, description: product.description)
                return text.utf8.firstRange(of: needle.utf8) != nil
            }
            let listed = listing.arrange(matching)
            let items = listed.dropFirst((number - 1) * perPage).prefix(perPage)
            return ProductPage(total: listed.count, items: Array(items))
        }
    }

    func detail(id: Int) async throws -> StoredProductDetail? {
        database.read { $0.products[id] }
    }

    func products(ids: [Int]) async throws -> [StoredProduct] {
        database.read { tables in ids.compactMap { tables.products[$0]?.product } }
    }

    func products(after id: Int, limit: Int) async throws -> [StoredProduct] {
        database.read { tables in
            Array(tables.order.filter { $0 > id }.sorted().prefix(limit).compactMap { tables.products[$0]?.product })
        }
    }

    func insert(_ product: NewProduct, pictures: [SavedPicture], at date: Date) async throws -> StoredProductDetail {
        try database.transaction { try $0.insert(product, pictures: pictures, at: date) }
    }

    func update(id: Int, vendorID: Int, with changes: ProductChanges, at date: Date) async throws
        -> StoredProductDetail
    {
        try database.transaction { tables in
            guard var detail = tables.products[id] else { throw APIError.notFound("no product with id \(id)") }
            detail.product = try detail.updated(by: vendorID, with: changes, at: date)
            tables.products[id] = detail
            return detail
        }
    }

    func delete(id: Int, at date: Date) async throws -> StoredProductDetail {
        try database.transaction { tables in
            guard let detail = tables.remove(productID: id) else { throw APIError.notFound("no product with id \(id)") }
            tables.deleted[id] = (detail, date)
            return detail
        }
    }

    func restore(id: Int, vendorID: Int, deletedSince since: Date) async throws -> StoredProductDetail {
        try database.transaction { tables in
            guard let kept = tables.deleted[id], kept.at >= since else { throw APIError.notFound(DeletedProducts.none(id)) }
            guard kept.detail.product.vendorID == vendorID else { throw APIError.forbidden("product \(id) belongs to another vendor") }
            tables.deleted[id] = nil
            tables.products[id] = kept.detail
            tables.order.insert(id, at: tables.order.firstIndex { $0 > id } ?? tables.order.count)
            return kept.detail
        }
    }

    func purgeDeleted(before date: Date) async throws -> [StoredProductDetail] {
        try database.transaction { tables in
            let expired = tables.deleted.filter { $0.value.at < date }
            for id in expired.keys { tables.deleted[id] = nil }
            return expired.values.map(\.detail).sorted { $0.product.id < $1.product.id }
        }
    }
}

import Foundation
import Mocks
import Testing

@testable import MarketServer

/// The index reads a product again when the change feed tells of it; a write of this server's that lands while
/// that read is under way is newer than what the read found.
@Suite("Search index: a read the feed asked for, and a write meanwhile")
struct ProductSearchRereadTests {
    /// Memory stores with a vendor and a product, and an index over them that reads through a `HeldDetailStore`.
    func withIndex(
        _ body: (MarketStores, HeldDetailStore, ProductSearch, _ vendor: Int, _ product: StoredProductDetail) async throws -> Void
    ) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let stores = try await StoreAtomicityTests.stores(.memory, in: directory)
        let vendor = try await stores.vendors.add(name: "alice")
        let held = HeldDetailStore(base: stores.products)
        let product = try await stores.products.insert(StoreAtomicityTests.product(vendorID: vendor.id), pictures: [], at: Date())
        try await body(stores, held, ProductSearch(store: held), vendor.id, product)
    }

    @Test("a product restored while the index reads the feed's notice of its deletion stays found")
    func restoredDuringReread() async throws {
        try await withIndex { stores, held, search, vendor, product in
            let id = product.product.id
            _ = try await stores.products.delete(id: id, at: Date())
            search.deleted(id: id)

            // The feed's notice of the deletion is read: the store has no such product, and the read waits there.
            held.holdNextDetail()
            let notice = Task { try await search.apply(.deleted(id: id)) }
            await held.detailRead()
            // Meanwhile this server restores it, and indexes it.
            let restored = try await stores.products.restore(id: id, vendorID: vendor, deletedSince: .distantPast)
            search.wrote(restored)
            held.releaseDetail()
            try await notice.value
            #expect(search.snapshot.keys[id] != nil, "the restore came after the read began: the read's 'gone' is older")
        }
    }

    @Test("a read that nothing overtook stands: the feed's deletion takes the product out")
    func readStands() async throws {
        try await withIndex { stores, held, search, _, written in
            search.wrote(written)
            #expect(search.snapshot.keys[written.product.id] != nil)
            // Another replica deleted it: only the feed tells.
            _ = try await stores.products.delete(id: written.product.id, at: Date())
            held.holdNextDetail()
            let notice = Task { try await search.apply(.deleted(id: written.product.id)) }
            await held.detailRead()
            held.releaseDetail()
            try await notice.value
            #expect(search.snapshot.keys[written.product.id] == nil)
        }
    }
}

/// A product store whose next `detail` read waits, after reading, until released.
final class HeldDetailStore: ProductStore {
    private let base: any ProductStore
    private let held = HeldRead()

    init(base: any ProductStore) {
        self.base = base
    }

    /// The next `detail` read waits inside the store, after reading, until `releaseDetail()`.
    func holdNextDetail() { held.hold() }

    /// Returns once the held read has read the store.
    func detailRead() async { await held.reached() }

    func releaseDetail() { held.release() }

    func detail(id: Int) async throws -> StoredProductDetail? {
        let detail = try await base.detail(id: id)
        await held.pass()
        return detail
    }

    func page(number: Int, perPage: Int, search: String?, listing: ProductListing) async throws -> ProductPage {
        try await base.page(number: number, perPage: perPage, search: search, listing: listing)
    }

    func insert(_ product: NewProduct, pictures: [SavedPicture], at date: Date) async throws -> StoredProductDetail {
        try await base.insert(product, pictures: pictures, at: date)
    }

    func update(id: Int, vendorID: Int, with changes: ProductChanges, at date: Date) async throws -> StoredProductDetail {
        try await base.update(id: id, vendorID: vendorID, with: changes, at: date)
    }

    func delete(id: Int, at date: Date) async throws -> StoredProductDetail { try await base.delete(id: id, at: date) }

    func restore(id: Int, vendorID: Int, deletedSince since: Date) async throws -> StoredProductDetail {
        try await base.restore(id: id, vendorID: vendorID, deletedSince: since)
    }

    func purgeDeleted(before date: Date) async throws -> [StoredProductDetail] { try await base.purgeDeleted(before: date) }
}

import Foundation
import MarketSearch
import NIOConcurrencyHelpers

/// The server's search index (`CatalogIndex`) over a product store's names and descriptions, kept current by
/// this server's writes (`SearchingProductStore`) and, on a shared store, by the other replicas' (`apply`, from
/// the change feed). Searches read a copy of the index, so writes never wait for them.
final class ProductSearch: Sendable {
    fileprivate struct State {
        var index = CatalogIndex()
        /// What each indexed product is filtered and ordered by.
        var keys: [Int: ListingKeys] = [:]
        /// While a rebuild reads the store: the products written meanwhile, read again once it is done.
        var writtenDuringRebuild: Set<Int>? = nil
        /// Counts the index's reads of the store and its changes, in order: a read's result stands only where no
        /// change of the same product came after the read began (`reread`).
        var clock = 0
        /// The products being read again: how many reads of each are under way, and when the index last changed it
        /// meanwhile (kept only while a read of it is under way).
        var rereading: [Int: (reads: Int, changedAt: Int)] = [:]
    }

    private let state = NIOLockedValueBox(State())
    private let store: any ProductStore
    /// Products read from the store per query while building.
    static let batch = 2_000

    /// An empty index over `store`; `rebuild` fills it.
    init(store: any ProductStore) {
        self.store = store
    }

    /// The index as it is now.
    var index: CatalogIndex { state.withLockedValue { $0.index } }

    /// The index and its products' keys as they are now.
    var snapshot: (index: CatalogIndex, keys: [Int: ListingKeys]) { state.withLockedValue { ($0.index, $0.keys) } }

    /// Reads every product of the store into a new index, then puts it in place; products written meanwhile
    /// are read again afterwards.
    func rebuild() async throws {
        state.withLockedValue { $0.writtenDuringRebuild = [] }
        var fresh = State()
        do {
            try await eachProduct(after: 0) { fresh.add($0) }
        } catch {
            state.withLockedValue { $0.writtenDuringRebuild = nil }
            throw error
        }
        let written = state.withLockedValue { state in
            let written = state.writtenDuringRebuild ?? []
            state.index = fresh.index
            state.keys = fresh.keys
            state.writtenDuringRebuild = nil
            return written
        }
        for id in written.sorted() { try await reread(id: id) }
    }

    /// This server wrote `detail`.
    func wrote(_ detail: StoredProductDetail) {
        state.withLockedValue { state in
            state.add(detail.product)
            state.changed(detail.product.id)
        }
    }

    /// This server deleted product `id`.
    func deleted(id: Int) {
        state.withLockedValue { state in
            state.remove(id)
            state.changed(id)
        }
    }

    /// Another replica wrote: read what it changed from the store (everything, for `.everything`).
    func apply(_ change: ProductChange) async throws {
        switch change {
        case .inserted(let id?), .updated(let id, _), .deleted(let id):
            try await reread(id: id)
        case .inserted(nil):
            // An insert whose id was not told (it failed, or may have).
            try await catchUp()
        case .everything:
            try await rebuild()
        }
    }

    /// Reads the products newer than the newest indexed; whether there were any.
    @discardableResult
    func catchUp() async throws -> Bool {
        var found = false
        try await eachProduct(after: index.newestID) { product in
            wrote(StoredProductDetail(product: product, images: []))
            found = true
        }
        return found
    }

    /// Reads the store's products whose id is more than `id`, `batch` a query, in increasing id.
    private func eachProduct(after id: Int, _ body: (StoredProduct) -> Void) async throws {
        var after = id
        while true {
            let products = try await store.products(after: after, limit: Self.batch)
            products.forEach(body)
            guard let last = products.last, products.count == Self.batch else { return }
            after = last.id
        }
    }

    /// Reads product `id` from the store again, into the index (indexed as it is, or removed when it is gone) —
    /// unless the index changed it after this read began (this server's write, or a later read's): then what this
    /// read found may be older than what the index holds. The feed's notice of a deletion (on PostgreSQL this
    /// server hears its own), read while a restore here went on, once took the restored product out of the index
    /// again (`RestoreTests` in make test, under load). Any later change is told again, and read again.
    private func reread(id: Int) async throws {
        let began = state.withLockedValue { state in
            state.clock += 1
            state.rereading[id, default: (0, 0)].reads += 1
            return state.clock
        }
        let detail: StoredProductDetail?
        do {
            detail = try await store.detail(id: id)
        } catch {
            state.withLockedValue { $0.doneRereading(id) }
            throw error
        }
        state.withLockedValue { state in
            defer { state.doneRereading(id) }
            guard let changedAt = state.rereading[id]?.changedAt, changedAt <= began else { return }
            if let detail { state.add(detail.product) } else { state.remove(id) }
            state.writtenDuringRebuild?.insert(id)
            // What this read found is the store as of its start: a read that began later still stands after it.
            state.rereading[id]?.changedAt = began
        }
    }
}

extension ProductSearch.State {
    /// Indexes `product` (or indexes it again).
    mutating func add(_ product: StoredProduct) {
        index.upsert(id: product.id, name: product.name, description: product.description)
        keys[product.id] = ListingKeys(product)
    }

    /// Takes product `id` out of the index.
    mutating func remove(_ id: Int) {
        index.remove(id: id)
        keys[id] = nil
    }

    /// This server changed product `id` in the index: reads of it under way found the store as it was before.
    mutating func changed(_ id: Int) {
        writtenDuringRebuild?.insert(id)
        guard rereading[id] != nil else { return }
        clock += 1
        rereading[id]?.changedAt = clock
    }

    /// One read of product `id` ended; the last forgets when it was changed.
    mutating func doneRereading(_ id: Int) {
        guard let reread = rereading[id], reread.reads > 1 else {
            rereading[id] = nil
            return
        }
        rereading[id]?.reads = reread.reads - 1
    }
}

import Foundation
import NIOConcurrencyHelpers
import NIOCore
import Synchronization

/// A product store that keeps the encoded answers to its reads (a page, one product) until a write
/// changes them, around any other product store: the server's one answer cache. The routes read answers
/// from it, and `CachedResponseHandler` answers hits from it before Hummingbird's router.
///
/// A write empties only the answers it makes wrong (`ProductChange`: an edit of one product's price keeps
/// every other product's detail and every list that does not show it), here and, through the feed, on
/// every other replica. A reader notes the generation before it asks the wrapped store and keeps its
/// answer only if no write has happened since, so an answer built from data older than a write is never
/// kept.
final class CachedProductStore: ProductStore {
    /// A kept answer and what it shows, so that a change can tell whether it made the answer wrong.
    private struct Entry {
        enum Shows {
            /// `arranged`: ordered or filtered by fields an edit can change (price, discount, stock).
            case list(ids: [Int], searched: Bool, arranged: Bool)
            case detail(id: Int)
        }
        var bytes: ByteBuffer
        var shows: Shows

        func isChanged(by change: ProductChange) -> Bool {
            switch shows {
            case .list(let ids, let searched, let arranged): change.changesList(showing: ids, searched: searched, arranged: arranged)
            case .detail(let id): change.changesDetail(of: id)
            }
        }
    }

    private struct State {
        var generation = 0
        var entries: [AnswerKey: Entry] = [:]
        /// The base of absolute picture URLs in the answers.
        var baseURL: String
        /// False while other replicas' writes may go unheard (a shared store whose feed is not followed):
        /// then nothing is kept or served.
        var isOn: Bool
    }

    private let base: any ProductStore
    private let state: NIOLockedValueBox<State>
    private let capacity: Int
    private let early = Atomic<Int>(0)
    /// How writes of other replicas are heard, and this one's announced.
    let feed: any ChangeFeed
    /// Where hits and misses are counted (and, for the fast path, requests).
    let metrics: HTTPMetrics
    /// Where this server's writes are told to the clients that follow the market's changes.
    let stream: ChangeStream

    /// Wraps `base`; answers name pictures under `baseURL`. Past `capacity` answers, all are dropped. With
    /// a shared `feed`, the cache is off until the feed is followed (`setFollowing`).
    init(
        wrapping base: any ProductStore, baseURL: String, capacity: Int = 1024, feed: any ChangeFeed = LocalChangeFeed(),
        metrics: HTTPMetrics = HTTPMetrics(), stream: ChangeStream = ChangeStream()
    ) {
        self.base = base
        self.stream = stream
        self.metrics = metrics
        self.state = NIOLockedValueBox(State(baseURL: baseURL, isOn: !feed.isShared))
        self.capacity = capacity
        self.feed = feed
    }

    /// Another replica wrote: forget the answers its change made wrong.
    func changedElsewhere(_ change: ProductChange) {
        invalidate(change)
    }

    /// The feed is followed (every write elsewhere will be heard) or not: the cache is on only while it is.
    func setFollowing(_ following: Bool) {
        state.withLockedValue { state in
            state.generation += 1
            state.entries.removeAll(keepingCapacity: true)
            state.isOn = following || !feed.isShared
        }
    }

    /// Whether answers are kept now.
    var isOn: Bool { state.withLockedValue { $0.isOn } }

    // MARK: Answers

    /// The cached answer under `key`, if there is one. No parsing, no store: what the fast path asks.
    func cachedAnswer(_ key: AnswerKey) -> ByteBuffer? {
        let answer = state.withLockedValue { $0.entries[key]?.bytes }  // empty while off
        if answer != nil { metrics.cacheLookup(hit: true) }
        return answer
    }

    /// The answer to a list request: cached under its raw `query`, else under its parsed parameters
    /// (`parse` throws the client's 400), else read from the store, encoded and kept under both.
    func listAnswer(
        query: String?, parse: () throws -> (number: Int, perPage: Int, search: String?, listing: ProductListing)
    ) async throws -> ByteBuffer {
        let rawKey = AnswerKey.list(query: query ?? "")
        if let hit = cachedAnswer(rawKey) { return hit }
        let (number, perPage, search, listing) = try parse()
        let key = AnswerKey.page(number: number, perPage: perPage, search: search ?? "", listing: listing)
        let (cached, generation, baseURL) = lookup(key)
        metrics.cacheLookup(hit: cached != nil)
        if let cached {
            keep(cached, under: [rawKey], builtAt: generation)
            return cached.bytes
        }
        let page = try await base.page(number: number, perPage: perPage, search: search, listing: listing)
        let json = ProductJSON(baseURL: baseURL)
        let body = ByteBuffer(
            string: json.page(
                number: number, perPage: perPage, total: page.total, items: page.items, listing: listing,
                search: page.search))
        let shows = Entry.Shows.list(
            ids: page.items.map(\.id), searched: !(search ?? "").isEmpty, arranged: listing.dependsOnFields)
        keep(Entry(bytes: body, shows: shows), under: [key, rawKey], builtAt: generation)
        return body
    }

    /// The answer to a GET of one product, or nil when there is no such product.
    func detailAnswer(id: Int) async throws -> ByteBuffer? {
        let key = AnswerKey.product(id: id)
        let (cached, generation, baseURL) = lookup(key)
        metrics.cacheLookup(hit: cached != nil)
        if let cached { return cached.bytes }
        guard let detail = try await base.detail(id: id) else { return nil }
        let body = ByteBuffer(string: ProductJSON(baseURL: baseURL).detail(detail))
        keep(Entry(bytes: body, shows: .detail(id: id)), under: [key], builtAt: generation)
        return body
    }

    /// How answers are written now (for the answers to writes, which are not cached).
    var json: ProductJSON { ProductJSON(baseURL: baseURL) }

    /// The base of absolute picture URLs.
    var baseURL: String { state.withLockedValue { $0.baseURL } }

    /// Names pictures under `url` from now on; every kept answer named them under the old base.
    func rebase(to url: String) {
        state.withLockedValue { $0.baseURL = url }
        invalidate(.everything)
    }

    // MARK: Counting early answers

    /// How many requests `CachedResponseHandler` answered from this cache before the router.
    var earlyAnswers: Int { early.load(ordering: .relaxed) }

    /// Counts one answer given by `CachedResponseHandler`.
    func noteEarlyAnswer() {
        early.add(1, ordering: .relaxed)
    }

    // MARK: ProductStore

    /// Read through to the wrapped store: models are not cached, only encoded answers.
    func page(number: Int, perPage: Int, search: String?, listing: ProductListing) async throws -> ProductPage {
        try await base.page(number: number, perPage: perPage, search: search, listing: listing)
    }

    /// Read through to the wrapped store (fresh, for checks before a write).
    func detail(id: Int) async throws -> StoredProductDetail? {
        try await base.detail(id: id)
    }

    func products(ids: [Int]) async throws -> [StoredProduct] {
        try await base.products(ids: ids)
    }

    func products(after id: Int, limit: Int) async throws -> [StoredProduct] {
        try await base.products(after: id, limit: limit)
    }

    func insert(_ product: NewProduct, pictures: [SavedPicture], at date: Date) async throws -> StoredProductDetail {
        try await insert(product, pictures: pictures, files: [], at: date)
    }

    func insert(_ product: NewProduct, pictures: [SavedPicture], files: [PictureFile], at date: Date) async throws
        -> StoredProductDetail
    {
        try await writing({ .inserted(id: $0?.product.id) }) {
            try await base.insert(product, pictures: pictures, files: files, at: date)
        }
    }

    func update(id: Int, vendorID: Int, with changes: ProductChanges, at date: Date) async throws
        -> StoredProductDetail
    {
        let textChanged = changes.name != nil || changes.description != nil
        return try await writing({ _ in .updated(id: id, textChanged: textChanged) }) {
            try await base.update(id: id, vendorID: vendorID, with: changes, at: date)
        }
    }

    func delete(id: Int, at date: Date) async throws -> StoredProductDetail {
        try await writing({ _ in .deleted(id: id) }) { try await base.delete(id: id, at: date) }
    }

    /// A product brought back is, to every answer, one added: every list changes (a detail of it was a 404,
    /// which is not kept).
    func restore(id: Int, vendorID: Int, deletedSince since: Date) async throws -> StoredProductDetail {
        try await writing({ _ in .inserted(id: id) }) { try await base.restore(id: id, vendorID: vendorID, deletedSince: since) }
    }

    func purgeDeleted(before date: Date) async throws -> [StoredProductDetail] {
        try await base.purgeDeleted(before: date)
    }

    /// Runs a write, then empties the answers its `change` makes wrong and tells the other replicas — even
    /// when the write failed (`change` of nil): a networked store may have committed before the error (the
    /// answers are the same ones it could have changed; an insert's id is not known then). A failed write's
    /// notice goes out behind its answer: the database that failed it may take its deadline to refuse the
    /// notice too, and the client's 503 must not wait for that.
    private func writing<Result>(_ change: (Result?) -> ProductChange, _ write: () async throws -> Result)
        async throws -> Result
    {
        do {
            let result = try await write()
            let change = change(result)
            invalidate(change)
            stream.heard(change)
            await feed.announce(change)
            return result
        } catch {
            let change = change(nil)
            invalidate(change)
            // A write the market refused (an APIError: a wrong secret, a broken rule) changed nothing, and its
            // followers hear nothing of it — else anyone could make every follower read a change a request.
            if !(error is APIError) { stream.heard(change) }
            let feed = self.feed
            Task { await feed.announce(change) }
            throw error
        }
    }

    // MARK: The entries

    /// The entry under `key`, with the generation and base URL to build it at when it is missing.
    private func lookup(_ key: AnswerKey) -> (Entry?, generation: Int, baseURL: String) {
        state.withLockedValue { ($0.entries[key], $0.generation, $0.baseURL) }
    }

    /// Keeps `entry` under `keys`, unless a write happened since `generation` was read.
    private func keep(_ entry: Entry, under keys: [AnswerKey], builtAt generation: Int) {
        state.withLockedValue { state in
            guard state.isOn, state.generation == generation else { return }
            if state.entries.count + keys.count > capacity { state.entries.removeAll(keepingCapacity: true) }
            for key in keys { state.entries[key] = entry }
        }
    }

    /// Forgets the answers `change` makes wrong and starts a new generation (so that no read begun before
    /// it keeps its answer). Called after each write, by the write itself, and when another replica wrote.
    private func invalidate(_ change: ProductChange) {
        state.withLockedValue { state in
            state.generation += 1
            if change == .everything {
                state.entries.removeAll(keepingCapacity: true)
            } else {
                state.entries = state.entries.filter { !$0.value.isChanged(by: change) }
            }
        }
    }
}

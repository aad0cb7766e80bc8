import Foundation
import NIOConcurrencyHelpers
import NIOCore
import Synchronization

/// A product store that keeps the encoded answers to its reads (a page, one product) until its next
/// write, around any other product store: the server's one answer cache. The routes read answers from
/// it, and `CachedResponseHandler` answers hits from it before Hummingbird's router.
///
/// It is emptied in one place, `invalidate()`, which only its own writes call (and a change of the base
/// of picture URLs, which changes every answer). A reader notes the generation before it asks the wrapped
/// store and keeps its answer only if no write has happened since, so an answer built from data older
/// than a write is never kept.
final class CachedProductStore: ProductStore {
    private struct State {
        var generation = 0
        var entries: [AnswerKey: ByteBuffer] = [:]
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

    /// Wraps `base`; answers name pictures under `baseURL`. Past `capacity` answers, all are dropped. With
    /// a shared `feed`, the cache is off until the feed is followed (`setFollowing`).
    init(
        wrapping base: any ProductStore, baseURL: String, capacity: Int = 1024, feed: any ChangeFeed = LocalChangeFeed(),
        metrics: HTTPMetrics = HTTPMetrics()
    ) {
        self.base = base
        self.metrics = metrics
        self.state = NIOLockedValueBox(State(baseURL: baseURL, isOn: !feed.isShared))
        self.capacity = capacity
        self.feed = feed
    }

    /// Another replica wrote: forget every answer.
    func changedElsewhere() {
        invalidate()
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
        let answer = state.withLockedValue { $0.entries[key] }  // empty while off
        if answer != nil { metrics.cacheLookup(hit: true) }
        return answer
    }

    /// The answer to a list request: cached under its raw `query`, else under its parsed parameters
    /// (`parse` throws the client's 400), else read from the store, encoded and kept under both.
    func listAnswer(query: String?, parse: () throws -> (number: Int, perPage: Int, search: String?))
        async throws -> ByteBuffer
    {
        let rawKey = AnswerKey.list(query: query ?? "")
        if let hit = cachedAnswer(rawKey) { return hit }
        let (number, perPage, search) = try parse()
        let key = AnswerKey.page(number: number, perPage: perPage, search: search ?? "")
        let (cached, generation, baseURL) = lookup(key)
        metrics.cacheLookup(hit: cached != nil)
        if let cached {
            keep(cached, under: [rawKey], builtAt: generation)
            return cached
        }
        let page = try await base.page(number: number, perPage: perPage, search: search)
        let json = ProductJSON(baseURL: baseURL)
        let body = ByteBuffer(string: json.page(number: number, perPage: perPage, total: page.total, items: page.items))
        keep(body, under: [key, rawKey], builtAt: generation)
        return body
    }

    /// The answer to a GET of one product, or nil when there is no such product.
    func detailAnswer(id: Int) async throws -> ByteBuffer? {
        let key = AnswerKey.product(id: id)
        let (cached, generation, baseURL) = lookup(key)
        metrics.cacheLookup(hit: cached != nil)
        if let cached { return cached }
        guard let detail = try await base.detail(id: id) else { return nil }
        let body = ByteBuffer(string: ProductJSON(baseURL: baseURL).detail(detail))
        keep(body, under: [key], builtAt: generation)
        return body
    }

    /// How answers are written now (for the answers to writes, which are not cached).
    var json: ProductJSON { ProductJSON(baseURL: baseURL) }

    /// The base of absolute picture URLs.
    var baseURL: String { state.withLockedValue { $0.baseURL } }

    /// Names pictures under `url` from now on; every kept answer named them under the old base.
    func rebase(to url: String) {
        state.withLockedValue { $0.baseURL = url }
        invalidate()
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
    func page(number: Int, perPage: Int, search: String?) async throws -> ProductPage {
        try await base.page(number: number, perPage: perPage, search: search)
    }

    /// Read through to the wrapped store (fresh, for checks before a write).
    func detail(id: Int) async throws -> StoredProductDetail? {
        try await base.detail(id: id)
    }

    func insert(_ product: NewProduct, pictures: [SavedPicture], at date: Date) async throws -> StoredProductDetail {
        try await writing { try await base.insert(product, pictures: pictures, at: date) }
    }

    func update(id: Int, vendorID: Int, with changes: ProductChanges, at date: Date) async throws
        -> StoredProductDetail
    {
        try await writing { try await base.update(id: id, vendorID: vendorID, with: changes, at: date) }
    }

    func delete(id: Int) async throws -> StoredProductDetail {
        try await writing { try await base.delete(id: id) }
    }

    /// Runs a write, then empties the cache and tells the other replicas — even when the write failed: a
    /// networked store may have committed before the error.
    private func writing<Result>(_ write: () async throws -> Result) async throws -> Result {
        do {
            let result = try await write()
            invalidate()
            await feed.announce()
            return result
        } catch {
            invalidate()
            await feed.announce()
            throw error
        }
    }

    // MARK: The entries

    /// The entry under `key`, with the generation and base URL to build it at when it is missing.
    private func lookup(_ key: AnswerKey) -> (ByteBuffer?, generation: Int, baseURL: String) {
        state.withLockedValue { ($0.entries[key], $0.generation, $0.baseURL) }
    }

    /// Keeps `bytes` under `keys`, unless a write happened since `generation` was read.
    private func keep(_ bytes: ByteBuffer, under keys: [AnswerKey], builtAt generation: Int) {
        state.withLockedValue { state in
            guard state.isOn, state.generation == generation else { return }
            if state.entries.count + keys.count > capacity { state.entries.removeAll(keepingCapacity: true) }
            for key in keys { state.entries[key] = bytes }
        }
    }

    /// Forgets every answer and starts a new generation. Called after each write, by the write itself, and
    /// when another replica wrote.
    private func invalidate() {
        state.withLockedValue { state in
            state.generation += 1
            state.entries.removeAll(keepingCapacity: true)
        }
    }
}

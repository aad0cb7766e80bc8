import Foundation
import HummingbirdTesting
import Mocks
import NIOConcurrencyHelpers
import NIOCore
import Testing

@testable import MarketServer

/// The answer cache around a product store (`CachedProductStore`), on its own and as the server uses it.
@Suite("The answer cache decorator")
struct CachedProductStoreTests {
    /// A memory store with one vendor and two products, wrapped in a counting store and the cache.
    struct Fixture {
        let counting: CountingProductStore
        let cache: CachedProductStore
        let vendorID: Int
        let ids: [Int]

        init() async throws {
            let stores = MarketStores.memory()
            vendorID = try await stores.vendors.add(name: "alice").id
            counting = CountingProductStore(base: stores.products)
            cache = CachedProductStore(wrapping: counting, baseURL: "http://market.test")
            var ids: [Int] = []
            for name in ["Blue Mug", "Green Vase"] {
                let product = Self.product(name, vendorID: vendorID)
                ids.append(try await cache.insert(product, pictures: [], at: Date()).product.id)
            }
            self.ids = ids
        }

        static func product(_ name: String, vendorID: Int) -> NewProduct {
            NewProduct(
                vendorID: vendorID, name: name, description: "A sturdy thing for the shelf.", price: 12000,
                discountedPrice: 1000, stock: 3, currency: "KRW")
        }

        /// Reads page 1 (under two spellings) and every product, so that all of them are cached.
        func warm() async throws {
            _ = try await list("page_no=1")
            _ = try await list("items_per_page=20")
            for id in ids { _ = try await cache.detailAnswer(id: id) }
        }

        /// Inserts a product named `name` through the cache.
        func insert(_ name: String) async throws {
            _ = try await cache.insert(Self.product(name, vendorID: vendorID), pictures: [], at: Date())
        }

        func list(_ query: String, search: String? = nil) async throws -> String {
            String(buffer: try await cache.listAnswer(query: query) { (1, 20, search, .standard) })
        }

        var cachedKeys: [AnswerKey] {
            [.list(query: "page_no=1"), .list(query: "items_per_page=20"), .page(number: 1, perPage: 20, search: "", listing: .standard)]
                + ids.map { .product(id: $0) }
        }
    }

    enum Write: String, CaseIterable, CustomTestStringConvertible {
        case insert, update, delete, failedUpdate
        var testDescription: String { rawValue }
    }

    @Test("each kind of write empties exactly the answers it makes wrong, a failed one too", arguments: Write.allCases)
    func writesInvalidate(write: Write) async throws {
        let fixture = try await Fixture()
        try await fixture.warm()
        for key in fixture.cachedKeys { #expect(fixture.cache.cachedAnswer(key) != nil, "\(key) cached") }
        let lists = Array(fixture.cachedKeys.prefix(3))
        let (first, second) = (AnswerKey.product(id: fixture.ids[0]), AnswerKey.product(id: fixture.ids[1]))
        let emptied: [AnswerKey]
        switch write {
        case .insert:
            try await fixture.insert("Red Lamp")
            emptied = lists  // totals and pages shift; no other product's detail changes
        case .update:
            _ = try await fixture.cache.update(
                id: fixture.ids[0], vendorID: fixture.vendorID, with: ProductChanges(stock: 9), at: Date())
            emptied = lists + [first]  // page 1 shows the product
        case .delete:
            _ = try await fixture.cache.delete(id: fixture.ids[0], at: Date())
            emptied = lists + [first]
        case .failedUpdate:
            await #expect(throws: APIError.self) {
                try await fixture.cache.update(
                    id: fixture.ids[0], vendorID: fixture.vendorID, with: ProductChanges(name: "x"), at: Date())
            }
            emptied = lists + [first]
        }
        for key in fixture.cachedKeys {
            #expect((fixture.cache.cachedAnswer(key) == nil) == emptied.contains(key), "\(key) after \(write)")
        }
        #expect(fixture.cache.cachedAnswer(second) != nil, "the other product's detail is kept")
    }

    @Test("searched lists: an edit of a product's price empties only the searches that show it; of its name, every search")
    func searchedLists() async throws {
        let fixture = try await Fixture()
        let mugs = "search_value=mug", vases = "search_value=vase"
        _ = try await fixture.cache.listAnswer(query: mugs) { (1, 20, "mug", .standard) }
        _ = try await fixture.cache.listAnswer(query: vases) { (1, 20, "vase", .standard) }
        _ = try await fixture.list("page_no=1")
        func kept(_ query: String) -> Bool { fixture.cache.cachedAnswer(.list(query: query)) != nil }
        #expect(kept(mugs) && kept(vases) && kept("page_no=1"))

        _ = try await fixture.cache.update(
            id: fixture.ids[1], vendorID: fixture.vendorID, with: ProductChanges(price: 9000), at: Date())
        #expect(kept(mugs), "the mug search does not show the vase")
        #expect(!kept(vases) && !kept("page_no=1"), "the lists showing the vase are emptied")

        _ = try await fixture.cache.listAnswer(query: vases) { (1, 20, "vase", .standard) }
        _ = try await fixture.cache.update(
            id: fixture.ids[1], vendorID: fixture.vendorID, with: ProductChanges(name: "Green Mug"), at: Date())
        #expect(!kept(mugs) && !kept(vases), "a new name may match any search")
        let answer = String(buffer: try await fixture.cache.listAnswer(query: mugs) { (1, 20, "mug", .standard) })
        #expect(answer.contains("Green Mug") && answer.contains("Blue Mug"))
    }

    @Test("a store that keeps no pictures' bytes refuses bytes handed to it with a product, and writes nothing")
    func bytesRefused() async throws {
        let fixture = try await Fixture()
        let picture = SavedPicture(originPath: "1/20240101/a_origin.jpg", thumbnailPath: "1/20240101/a_thumb.jpg")
        let error = await #expect(throws: APIError.self) {
            try await fixture.cache.insert(
                Fixture.product("Red Lamp", vendorID: fixture.vendorID), pictures: [picture],
                files: [PictureFile(path: picture.originPath, bytes: [1, 2, 3])], at: Date())
        }
        #expect(error?.message.contains("cannot keep pictures' bytes") == true)
        #expect(try await fixture.cache.page(number: 1, perPage: 20, search: nil).total == 2, "no product was added")
    }

    @Test("a change as words in a notification and back; words of another shape forget everything")
    func changeWords() {
        let changes: [ProductChange] = [
            .inserted(id: nil), .inserted(id: 3), .updated(id: 12, textChanged: false), .updated(id: 12, textChanged: true), .deleted(id: 7),
            .everything,
        ]
        for change in changes { #expect(ProductChange(words: change.words) == change, "\(change.words)") }
        for words in ["", "updated", "updated x", "deleted 7 8", "updated 3 price", "renamed 4", "inserted x", "inserted 3 4"] {
            #expect(ProductChange(words: words) == .everything, "\(words)")
        }
        #expect(PostgresChangeFeed.read("abc updated 5 text") == ("abc", .updated(id: 5, textChanged: true)))
        #expect(PostgresChangeFeed.read("abc") == ("abc", .everything), "a notification of an older replica")
        #expect(PostgresChangeFeed.readHere("abc 12")?.tag == "abc" && PostgresChangeFeed.readHere("abc 12")?.news == .here(12))
        #expect(PostgresChangeFeed.readHere("abc 0")?.news == .here(0))
        #expect(PostgresChangeFeed.readHere("abc look 5:3,9:0")?.news == .looking([5: 3, 9: 0]))
        for payload in ["abc", "abc x", "abc -1", "abc 1 2", "abc 999999999999", " 3x", "abc look ", "abc look 5", "abc look 5:x",
            "abc look 0:1", "abc look 5:1,", "abc look 5:-1", "abc looks 5:1"]
        {
            #expect(PostgresChangeFeed.readHere(payload) == nil, "\(payload)")
        }
    }

    @Test("after any sequence of writes, every kept answer is what the store answers now, sorted and filtered lists too (400 random steps)")
    func neverStale() async throws {
        let stores = MarketStores.memory()
        let vendor = try await stores.vendors.add(name: "alice").id
        let cache = CachedProductStore(wrapping: stores.products, baseURL: "http://market.test")
        var random = SystemRandomNumberGenerator()
        let seed = UInt64.random(in: 0..<1_000_000, using: &random)
        var generator = SplitMix(seed: seed)
        let names = ["Blue Mug", "Green Vase", "Red Lamp", "Mug Tree", "Vase of Mugs"]
        var ids: [Int] = []
        let cheapest = ProductListing(order: .priceAscending)
        let inStock = ProductListing(order: .discount, inStockOnly: true)
        let queries: [(number: Int, perPage: Int, search: String?, listing: ProductListing)] = [
            (1, 2, nil, .standard), (2, 2, nil, .standard), (3, 2, nil, .standard), (1, 3, "mug", .standard),
            (2, 3, "mug", .standard), (1, 2, "vase", .standard), (1, 20, "lamp", .standard),
            (1, 2, nil, cheapest), (2, 2, nil, cheapest), (1, 3, "mug", inStock), (1, 20, nil, inStock),
        ]
        for step in 0..<400 {
            switch Int.random(in: 0..<10, using: &generator) {
            case 0, 1:
                let name = names.randomElement(using: &generator)!
                ids.append(try await cache.insert(Fixture.product(name, vendorID: vendor), pictures: [], at: Date()).product.id)
            case 2...3 where !ids.isEmpty:
                let changes = Bool.random(using: &generator)
                    ? ProductChanges(name: names.randomElement(using: &generator)!)
                    : Bool.random(using: &generator)
                        ? ProductChanges(price: Decimal(Int.random(in: 2000...9000, using: &generator)))
                        : ProductChanges(stock: Int.random(in: 0...2, using: &generator))
                _ = try await cache.update(id: ids.randomElement(using: &generator)!, vendorID: vendor, with: changes, at: Date())
            case 4 where !ids.isEmpty:
                let id = ids.remove(at: Int.random(in: 0..<ids.count, using: &generator))
                _ = try await cache.delete(id: id, at: Date())
            default:
                let query = queries.randomElement(using: &generator)!
                _ = try await cache.listAnswer(query: "\(query)") { query }
                if let id = ids.randomElement(using: &generator) { _ = try await cache.detailAnswer(id: id) }
            }
            // What a cache with nothing kept answers now, against what this one keeps.
            let fresh = CachedProductStore(wrapping: stores.products, baseURL: "http://market.test")
            for query in queries {
                guard let kept = cache.cachedAnswer(.list(query: "\(query)")) else { continue }
                let now = try await fresh.listAnswer(query: "\(query)") { query }
                #expect(kept == now, "seed \(seed), step \(step): list \(query) is stale")
            }
            for id in Set(ids) {
                guard let kept = cache.cachedAnswer(.product(id: id)) else { continue }
                #expect(kept == (try await fresh.detailAnswer(id: id)), "seed \(seed), step \(step): product \(id) is stale")
            }
        }
    }

    @Test("reads are built once; another spelling of the same page shares the answer; a read after a write sees it")
    func readsAfterWrites() async throws {
        let fixture = try await Fixture()
        let first = try await fixture.list("page_no=1")
        let reads = fixture.counting.pageReads
        #expect(try await fixture.list("page_no=1") == first)
        #expect(try await fixture.list("page_no=1&items_per_page=20") == first, "same page, other spelling")
        #expect(fixture.counting.pageReads == reads, "both answered from the cache")

        _ = try await fixture.cache.update(
            id: fixture.ids[0], vendorID: fixture.vendorID, with: ProductChanges(price: 15000), at: Date())
        #expect(try await fixture.list("page_no=1").contains("\"price\":15000"))
        #expect(fixture.counting.pageReads == reads + 1)
        let detail = try #require(try await fixture.cache.detailAnswer(id: fixture.ids[0]))
        #expect(String(buffer: detail).contains("\"price\":15000"))

        try await fixture.insert("Red Lamp")
        #expect(try await fixture.list("page_no=1").contains("Red Lamp"))
        let deleted = try await fixture.cache.delete(id: fixture.ids[1], at: Date())
        #expect(try await fixture.cache.detailAnswer(id: deleted.product.id) == nil)
        #expect(!(try await fixture.list("page_no=1").contains("Green Vase")))
    }

    @Test("an answer built from data read before a write is not kept")
    func staleAnswerDropped() async throws {
        let fixture = try await Fixture()
        fixture.counting.holdNextPage()
        async let listed = fixture.list("page_no=1")
        // The read has noted the generation and is inside the store; a write happens meanwhile.
        await fixture.counting.pageStarted()
        _ = try await fixture.cache.update(
            id: fixture.ids[0], vendorID: fixture.vendorID, with: ProductChanges(stock: 0), at: Date())
        fixture.counting.releasePage()
        _ = try await listed
        #expect(fixture.cache.cachedAnswer(.list(query: "page_no=1")) == nil)
        #expect(fixture.cache.cachedAnswer(.page(number: 1, perPage: 20, search: "", listing: .standard)) == nil)
    }

    @Test("a new base URL empties the cache and names pictures under it")
    func rebase() async throws {
        let stores = MarketStores.memory()
        let vendor = try await stores.vendors.add(name: "alice")
        let cache = CachedProductStore(wrapping: stores.products, baseURL: "http://before.test")
        let picture = SavedPicture(originPath: "1/20240101/a_origin.jpg", thumbnailPath: "1/20240101/a_thumb.jpg")
        let product = Fixture.product("Blue Mug", vendorID: vendor.id)
        let id = try await cache.insert(product, pictures: [picture], at: Date()).product.id
        func answer() async throws -> String { String(buffer: try #require(try await cache.detailAnswer(id: id))) }
        #expect(try await answer().contains("http://before.test/images/"))
        cache.rebase(to: "http://after.test")
        #expect(cache.cachedAnswer(.product(id: id)) == nil)
        #expect(try await answer().contains("http://after.test/images/"))
    }

    @Test("the fast path's keys: the list by its raw query, a product only by its canonical id")
    func answerKeys() {
        #expect(AnswerKey.forGET(path: "/api/products", query: nil) == .list(query: ""))
        #expect(AnswerKey.forGET(path: "/api/products", query: "page_no=2") == .list(query: "page_no=2"))
        #expect(AnswerKey.forGET(path: "/api/products/17", query: nil) == .product(id: 17))
        for path in ["/api/products/017", "/api/products/0", "/api/products/1x", "/api/products/", "/api/products/１",
            "/api/products/1234567890123456789", "/api/products/1/archived", "/healthChecker", "/images/1/a.jpg"]
        {
            #expect(AnswerKey.forGET(path: path, query: nil) == nil, "\(path)")
        }
    }

    @Test("the routes and the fast path read the same cache: what the router kept is what is answered early")
    func routesAndFastPathShareEntries() async throws {
        let market = try await TestMarket.make(store: .memory)
        defer { market.directory.remove() }
        let cache = market.server.products
        try await market.server.application().test(.live) { client in
            let id = try await client.registerValid(as: market.alice)["id"] as! Int
            let port = try #require(client.port)
            for (path, query) in [("/api/products", "page_no=1"), ("/api/products/\(id)", nil)] {
                let target = query.map { "\(path)?\($0)" } ?? path
                let key = try #require(AnswerKey.forGET(path: path, query: query))
                #expect(cache.cachedAnswer(key) == nil)
                let routed = try await client.send(.get, target)
                let kept = try #require(cache.cachedAnswer(key), "the route kept its answer under the fast path's key")
                #expect(kept == routed.body)
                let connection = try RawHTTP(port: port)
                let before = cache.earlyAnswers
                try await connection.send("GET \(target) HTTP/1.1\r\nHost: x\r\n\r\n")
                let early = try await connection.responses(1)[0]
                #expect(cache.earlyAnswers == before + 1)
                #expect(early.hasSuffix("\r\n\r\n" + String(buffer: kept)))
            }
            // A write through the routes empties what the fast path reads.
            let patched = try await client.send(
                .patch, "/api/products/\(id)", identifier: market.alice.identifier, contentType: "application/json",
                body: Array(#"{"secret":"\#(market.alice.secret)","stock":7}"#.utf8))
            #expect(patched.status == .ok)
            #expect(cache.cachedAnswer(.product(id: id)) == nil)
            #expect(cache.cachedAnswer(.list(query: "page_no=1")) == nil)
        }
    }
}

/// A product store that counts page reads and can hold one read inside the store until released.
final class CountingProductStore: ProductStore {
    private let base: any ProductStore
    private let reads = NIOLockedValueBox(0)
    private let held = HeldRead()

    init(base: any ProductStore) {
        self.base = base
    }

    var pageReads: Int { reads.withLockedValue { $0 } }

    /// The next page read waits inside the store, after reading, until `releasePage()`.
    func holdNextPage() { held.hold() }

    /// Returns once a held page read has read the store.
    func pageStarted() async { await held.reached() }

    func releasePage() { held.release() }

    func page(number: Int, perPage: Int, search: String?, listing: ProductListing) async throws -> ProductPage {
        let page = try await base.page(number: number, perPage: perPage, search: search, listing: listing)
        reads.withLockedValue { $0 += 1 }
        await held.pass()
        return page
    }

    func detail(id: Int) async throws -> StoredProductDetail? { try await base.detail(id: id) }

    func insert(_ product: NewProduct, pictures: [SavedPicture], at date: Date) async throws -> StoredProductDetail {
        try await base.insert(product, pictures: pictures, at: date)
    }

    func update(id: Int, vendorID: Int, with changes: ProductChanges, at date: Date) async throws
        -> StoredProductDetail
    {
        try await base.update(id: id, vendorID: vendorID, with: changes, at: date)
    }

    func delete(id: Int, at date: Date) async throws -> StoredProductDetail { try await base.delete(id: id, at: date) }
    func restore(id: Int, vendorID: Int, deletedSince since: Date) async throws -> StoredProductDetail {
        try await base.restore(id: id, vendorID: vendorID, deletedSince: since)
    }
    func purgeDeleted(before date: Date) async throws -> [StoredProductDetail] { try await base.purgeDeleted(before: date) }
}

import Foundation
import HummingbirdTesting
import Mocks
import Testing

@testable import MarketServer

/// The order-and-filter extension (`sort`, `in_stock`) on every store, through the cache and the route,
/// combined with search and paging.
@Suite("Order and filter of the product list", .postgresSchemas)
struct ListingTests {
    /// name, price, discount, stock, currency — inserted in this order (ids ascending).
    static let catalog: [(String, Decimal, Decimal, Int, String)] = [
        ("Blue Mug", 12000, 1000, 3, "KRW"), ("Red Mug", 800, 0, 0, "KRW"), ("Tea Set", 3.5, 0.5, 2, "USD"),
        ("Green Mug", 5000, 2500, 1, "KRW"), ("Lamp", 800, 0, 4, "KRW"), ("Mug Tree", 30000, 0, 9, "KRW"),
        ("Vase", 2, 0, 0, "USD"),
    ]

    /// Inserts `products` (name, price, discount, stock, currency) as alice's, in order; their ids.
    @discardableResult
    static func insert(_ products: [(String, Decimal, Decimal, Int, String)], into market: TestMarket) async throws -> [Int] {
        var ids: [Int] = []
        for (name, price, discount, stock, currency) in products {
            ids.append(try await market.server.products.insert(
                NewProduct(
                    vendorID: market.alice.id, name: name, description: "A fine thing for the shelf.", price: price,
                    discountedPrice: discount, stock: stock, currency: currency),
                pictures: [], at: Date()).product.id)
        }
        return ids
    }

    /// The names of every page of `query`, in order, asked `perPage` at a time.
    static func names(_ client: any TestClientProtocol, _ query: String, perPage: Int) async throws -> (names: [String], total: Int, echo: [String: Any]) {
        var names: [String] = []
        var page = 1
        var total = 0
        var echo: [String: Any] = [:]
        while true {
            let answer = try await client.send(.get, "/api/products?page_no=\(page)&items_per_page=\(perPage)&\(query)")
            #expect(answer.status == .ok, "\(answer.text)")
            let object = try answer.jsonObject()
            names += (object["pages"] as! [[String: Any]]).map { $0["name"] as! String }
            total = object["totalCount"] as! Int
            echo = object["listing"] as? [String: Any] ?? [:]
            guard object["hasNext"] as! Bool else { break }
            page += 1
        }
        return (names, total, echo)
    }

    @Test("each order over pages of 2: won before dollars, ties newest first; in stock only; with a search; echoed", arguments: StoreKind.allCases)
    func orders(store: StoreKind) async throws {
        let market = try await TestMarket.make(store: store)
        defer { market.directory.remove() }
        try await Self.insert(Self.catalog, into: market)
        try await market.test { client in
            let newest = try await Self.names(client, "", perPage: 2)
            #expect(newest.names == ["Vase", "Mug Tree", "Lamp", "Green Mug", "Tea Set", "Red Mug", "Blue Mug"])
            #expect(newest.echo["sort"] as? String == "newest" && newest.echo["in_stock"] as? Bool == false)
            let cheap = try await Self.names(client, "sort=price-asc", perPage: 2)
            #expect(cheap.names == ["Lamp", "Red Mug", "Green Mug", "Blue Mug", "Mug Tree", "Vase", "Tea Set"], "ties (₩800) newest first")
            #expect(cheap.echo["sort"] as? String == "price-asc")
            let dear = try await Self.names(client, "sort=price-desc", perPage: 2)
            #expect(dear.names == ["Mug Tree", "Blue Mug", "Green Mug", "Lamp", "Red Mug", "Tea Set", "Vase"])
            let discount = try await Self.names(client, "sort=discount", perPage: 2)
            #expect(discount.names == ["Green Mug", "Tea Set", "Blue Mug", "Vase", "Mug Tree", "Lamp", "Red Mug"])
            let stock = try await Self.names(client, "sort=stock", perPage: 2)
            #expect(stock.names == ["Vase", "Red Mug", "Green Mug", "Tea Set", "Blue Mug", "Lamp", "Mug Tree"], "fewest first, sold out (0) newest first")
            #expect(stock.echo["sort"] as? String == "stock")
            let mugStock = try await Self.names(client, "search_value=mug&sort=stock", perPage: 2)
            #expect(mugStock.names == ["Red Mug", "Green Mug", "Blue Mug", "Mug Tree"], "a search in the order asked")
            let inStock = try await Self.names(client, "sort=price-asc&in_stock=true", perPage: 2)
            #expect(inStock.names == ["Lamp", "Green Mug", "Blue Mug", "Mug Tree", "Tea Set"] && inStock.total == 5)
            #expect(inStock.echo["in_stock"] as? Bool == true)
            let mugs = try await Self.names(client, "search_value=mug&sort=price-desc&in_stock=1", perPage: 2)
            #expect(mugs.names == ["Mug Tree", "Blue Mug", "Green Mug"] && mugs.total == 3)
            // Again, from the cache: the same answers.
            #expect(try await Self.names(client, "sort=price-asc", perPage: 2).names == cheap.names)
        }
    }

    @Test("an edited price moves a product in a sorted list at once (the cache lets the sorted pages go); bad values are 400")
    func editsAndMistakes() async throws {
        let market = try await TestMarket.make(store: .memory)
        defer { market.directory.remove() }
        let ids = try await Self.insert(Self.catalog, into: market)
        try await market.test { client in
            #expect(try await Self.names(client, "sort=price-asc", perPage: 2).names.first == "Lamp")
            _ = try await market.server.products.update(id: ids[5], vendorID: market.alice.id, with: ProductChanges(price: 100), at: Date())
            #expect(try await Self.names(client, "sort=price-asc", perPage: 2).names.first == "Mug Tree")
            _ = try await market.server.products.update(id: ids[3], vendorID: market.alice.id, with: ProductChanges(stock: 0), at: Date())
            #expect(!(try await Self.names(client, "in_stock=true", perPage: 20).names.contains("Green Mug")))
            let bad = try await client.send(.get, "/api/products?sort=cheapest")
            #expect(bad.status == .badRequest && bad.text.contains("sort must be one of newest, price-asc, price-desc, discount, stock"))
            #expect(try await client.send(.get, "/api/products?in_stock=maybe").status == .badRequest)
        }
    }

    @Test("a currency and a price range over the price paid, bounds included, with order, stock and search; echoed", arguments: StoreKind.allCases)
    func priceRange(store: StoreKind) async throws {
        let market = try await TestMarket.make(store: store)
        defer { market.directory.remove() }
        // "Cup" pays 10.99 − 1 = 9.99: exactly on a bound, where a REAL subtraction is not.
        try await Self.insert(Self.catalog + [("Cup", 10.99, 1, 5, "USD")], into: market)
        try await market.test { client in
            let won = try await Self.names(client, "sort=price-asc&currency=krw&price_min=800&price_max=11000", perPage: 2)
            #expect(won.names == ["Lamp", "Red Mug", "Green Mug", "Blue Mug"] && won.total == 4, "bounds included, ties newest first")
            #expect(won.echo["currency"] as? String == "KRW" && won.echo["price_min"] as? Int == 800 && won.echo["price_max"] as? Int == 11000)
            let stocked = try await Self.names(client, "currency=KRW&price_max=2500&in_stock=true", perPage: 2)
            #expect(stocked.names == ["Lamp", "Green Mug"], "newest first")
            let dollars = try await Self.names(client, "currency=USD&price_min=2.5&sort=price-desc", perPage: 2)
            #expect(dollars.names == ["Cup", "Tea Set"])
            #expect(try await Self.names(client, "currency=USD&price_min=9.99", perPage: 2).names == ["Cup"])
            #expect(try await Self.names(client, "currency=USD&price_max=9.99&price_min=9.99", perPage: 2).names == ["Cup"])
            let mugs = try await Self.names(client, "search_value=mug&currency=KRW&price_min=1000", perPage: 1)
            #expect(mugs.names == ["Mug Tree", "Green Mug", "Blue Mug"] && mugs.total == 3)
            #expect(try await Self.names(client, "currency=USD", perPage: 5).names == ["Cup", "Vase", "Tea Set"])
            #expect(try await Self.names(client, "currency=KRW&price_min=30001", perPage: 5).names.isEmpty)
        }
    }

    @Test("a price range without a currency, min above max, and bounds that are not plain numbers are 400, named")
    func priceRangeMistakes() async throws {
        let market = try await TestMarket.make(store: .sqlite)
        defer { market.directory.remove() }
        try await market.test { client in
            let cases: [(String, String)] = [
                ("price_min=100", "need currency=KRW or currency=USD"),
                ("currency=KRW&price_min=500&price_max=100", "price_min (500) is more than price_max (100)"),
                ("currency=EUR", "currency must be one of KRW, USD"),
                ("currency=KRW&price_min=-1", "price_min must be a number"),
                ("currency=KRW&price_max=1e9", "price_max must be a number"),
                ("currency=KRW&price_max=1.23456", "price_max must be a number"),
                ("currency=KRW&price_min=1;DROP%20TABLE%20product", "price_min must be a number"),
                ("currency=KRW&price_min=1234567890123456", "price_min must be a number"),
            ]
            for (query, message) in cases {
                let answer = try await client.send(.get, "/api/products?\(query)")
                #expect(answer.status == .badRequest && answer.text.contains(message), "\(query): \(answer.text)")
            }
            #expect(try await client.send(.get, "/api/products?currency=KRW&price_min=&price_max=").status == .ok, "empty bounds are none")
        }
    }

    @Test("products added while a sorted, filtered list is paged: none of those listed before is skipped; one shifted in again is the only repeat (the client drops repeats)", arguments: StoreKind.allCases)
    func addedWhilePaging(store: StoreKind) async throws {
        let market = try await TestMarket.make(store: store)
        defer { market.directory.remove() }
        @Sendable func add(_ name: String, _ price: Decimal, stock: Int = 5) async throws {
            _ = try await Self.insert([(name, price, 0, stock, "KRW")], into: market)
        }
        try await Self.insert(Self.catalog, into: market)
        try await market.test { client in
            let query = "sort=price-asc&in_stock=true&items_per_page=2"
            let before = try await Self.names(client, "sort=price-asc&in_stock=true", perPage: 100).names
            var seen: [String] = []
            var page = 1
            while true {
                let answer = try await client.send(.get, "/api/products?page_no=\(page)&\(query)")
                let object = try answer.jsonObject()
                seen += (object["pages"] as! [[String: Any]]).map { $0["name"] as! String }
                // Between pages: one cheaper than all (it shifts every later page by one), one dearest, one sold out.
                if page == 1 {
                    try await add("Penny Whistle", 1)
                    try await add("Gold Mug", 99_000)
                    try await add("Empty Box", 5, stock: 0)
                }
                guard object["hasNext"] as! Bool else { break }
                page += 1
            }
            #expect(Set(before).isSubset(of: Set(seen)), "none skipped: \(before) within \(seen)")
            let repeats = Dictionary(grouping: seen, by: { $0 }).filter { $0.value.count > 1 }.keys
            #expect(repeats.count <= 1, "one product shifted in again at most: \(repeats)")
            #expect(!seen.contains("Empty Box") && seen.contains("Gold Mug"), "the filter holds for what was added")
        }
    }
}

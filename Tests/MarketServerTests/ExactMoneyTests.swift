import Foundation
import GRDB
import HummingbirdTesting
import Mocks
import Testing

@testable import MarketServer

/// Prices are exact decimals in the server's answers, written digit for digit.
@Suite("Exact money in the server's answers and database", .postgresSchemas)
struct ExactMoneyTests {
    @Test("register, page, detail and PATCH write 0.3, 0.1, 0.2, 19.99 as those digits", arguments: StoreKind.allCases)
    func exactDigits(store: StoreKind) async throws {
        let market = try await TestMarket.make(store: store)
        defer { market.directory.remove() }
        try await market.test { client in
            let builder = TestMarket.registration(
                params: TestMarket.params(secret: market.alice.secret, price: "0.3", currency: "USD", discount: "0.1"),
                pictures: [("a.jpg", FixturePictures.jpeg())])
            let created = try await client.register(as: market.alice, builder)
            #expect(created.status == .created, "\(created.text)")
            let money = #""price":0.3,"bargain_price":0.2,"discounted_price":0.1,"#
            #expect(created.text.contains(money), "\(created.text)")
            let id = try created.jsonObject()["id"] as! Int
            #expect(try await client.send(.get, "/api/products").text.contains(money))
            #expect(try await client.send(.get, "/api/products/\(id)").text.contains(money))

            let patched = try await client.send(
                .patch, "/api/products/\(id)", identifier: market.alice.identifier, contentType: "application/json",
                body: Array(#"{"secret":"\#(market.alice.secret)","price":19.99,"discounted_price":1.0E-2}"#.utf8))
            let repriced = #""price":19.99,"bargain_price":19.98,"discounted_price":0.01,"#
            #expect(patched.text.contains(repriced), "\(patched.text)")
            #expect(try await client.send(.get, "/api/products/\(id)").text.contains(#""price":19.99,"#))
        }
    }

    @Test("a database from before exact prices is migrated: its REAL prices become the decimals that were sent")
    func migratesRealPrices() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.url.appendingPathComponent(SQLiteStores.fileName).path
        do {
            // The schema as it was before "v3-exact-prices", with prices stored as doubles.
            let old = try DatabasePool(path: path)
            try MarketDatabase.migrator.migrate(old, upTo: "v2-image-paths")
            try await old.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO vendor (name, identifier, secret_salt, secret_hash, created_at)
                        VALUES ('alice', 'a', x'00', x'00', '2024-01-01T00:00:00');
                        INSERT INTO product (vendor_id, name, description, search_text, currency, price,
                          discounted_price, stock, created_at, issued_at)
                        VALUES (1, 'Tenths', 'Priced in tenths.', 'tenths', 'USD', 0.3, 0.1, 1, '2024-01-01T00:00:00',
                          '2024-01-01T00:00:00'),
                          (1, 'Dollars', 'Priced like a shop.', 'dollars', 'USD', 19.99, 0, 1, '2024-01-01T00:00:00',
                          '2024-01-01T00:00:00'),
                          (1, 'Won', 'Priced in won.', 'won', 'KRW', 12000, 1000, 1, '2024-01-01T00:00:00',
                          '2024-01-01T00:00:00'),
                          (1, 'Gone', 'Deleted before the upgrade.', 'gone', 'KRW', 1, 0, 1, '2024-01-01T00:00:00',
                          '2024-01-01T00:00:00');
                        DELETE FROM product WHERE name = 'Gone';
                        """)
            }
            try old.close()
        }
        let stores = try SQLiteStores.open(directory: directory.url).stores
        let page = try await stores.products.page(number: 1, perPage: 20, search: nil)
        #expect(page.items.map(\.name) == ["Won", "Dollars", "Tenths"])
        let prices = page.items.map { [$0.price, $0.discountedPrice, $0.bargainPrice].map(ExactDecimal.text) }
        #expect(prices == [["12000", "1000", "11000"], ["19.99", "0", "19.99"], ["0.3", "0.1", "0.2"]])
        // The deleted product's id is not given again.
        let vendorID = page.items[0].vendorID
        let next = try await stores.products.insert(
            NewProduct(
                vendorID: vendorID, name: "After", description: "Registered after the upgrade.", price: 1,
                discountedPrice: 0, stock: 1, currency: "KRW"),
            pictures: [], at: Date())
        #expect(next.product.id == 5)
    }
}

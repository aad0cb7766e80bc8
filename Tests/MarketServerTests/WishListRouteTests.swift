import Foundation
import HummingbirdTesting
import Mocks
import Testing

@testable import MarketServer

/// The wish-list extension: `GET` and `PUT /api/wishlists/{owner}` on every store, and what it refuses.
@Suite("Wish lists kept by the market", .postgresSchemas)
struct WishListRouteTests {
    static let owner = String(repeating: "ab12", count: 16)
    static let document = #"{"version":1,"products":[{"id":7,"name":"Mug ☕","currency":"KRW","price":"12000","bargainPrice":"9000","stock":0,"gone":false}]}"#

    @Test("none kept is an empty list; a kept one comes back as kept, replaced by the next; owners are apart", arguments: StoreKind.allCases)
    func keeps(store: StoreKind) async throws {
        let market = try await TestMarket.make(store: store)
        defer { market.directory.remove() }
        try await market.test { client in
            let none = try await client.send(.get, "/api/wishlists/\(Self.owner)")
            let noneProducts = try none.jsonObject()["products"] as? [Any]
            #expect(none.status == .ok && noneProducts?.isEmpty == true)
            let put = try await client.send(.put, "/api/wishlists/\(Self.owner)", contentType: "application/json", body: Array(Self.document.utf8))
            #expect(put.status == .ok, "\(put.text)")
            let kept = try await client.send(.get, "/api/wishlists/\(Self.owner)")
            let products = try #require(try kept.jsonObject()["products"] as? [[String: Any]])
            #expect(products.count == 1 && products[0]["name"] as? String == "Mug ☕" && products[0]["bargainPrice"] as? String == "9000")
            let other = String(repeating: "cd34", count: 16)
            #expect((try await client.send(.get, "/api/wishlists/\(other)").jsonObject()["products"] as? [Any])?.isEmpty == true)
            let emptied = try await client.send(
                .put, "/api/wishlists/\(Self.owner)", contentType: "application/json", body: Array(#"{"version":1,"products":[]}"#.utf8))
            #expect(emptied.status == .ok)
            #expect((try await client.send(.get, "/api/wishlists/\(Self.owner)").jsonObject()["products"] as? [Any])?.isEmpty == true)
        }
    }

    @Test("a short or odd owner, a body that is not a wish list, another version, 201 products, an oversized body: 400 or 413, nothing kept")
    func refuses() async throws {
        let market = try await TestMarket.make(store: .sqlite)
        defer { market.directory.remove() }
        let entry = #"{"id":1,"name":"x","currency":"KRW","price":"1","bargainPrice":"1","stock":1,"gone":false}"#
        try await market.test { client in
            for owner in ["short", String(repeating: "a", count: 129), String(repeating: "a", count: 31) + "%2F"] {
                let answer = try await client.send(.get, "/api/wishlists/\(owner)")
                let message = try answer.errorMessage()
                #expect(answer.status == .badRequest && message.contains("32 to 128"), "\(owner)")
            }
            let bodies: [(String, String)] = [
                ("[1,2]", "a wish list is"),
                (#"{"version":2,"products":[]}"#, "version must be 1"),
                (#"{"version":1,"products":["# + Array(repeating: entry, count: 201).joined(separator: ",") + "]}", "at most 200"),
                (#"{"version":1,"products":[{"id":0,"name":"x","currency":"KRW","price":"1","bargainPrice":"1","stock":1,"gone":false}]}"#, "an id above 0"),
            ]
            for (body, message) in bodies {
                let answer = try await client.send(.put, "/api/wishlists/\(Self.owner)", contentType: "application/json", body: Array(body.utf8))
                let said = try answer.errorMessage()
                #expect(answer.status == .badRequest && said.contains(message), "\(answer.text)")
            }
            let huge = try await client.send(
                .put, "/api/wishlists/\(Self.owner)", contentType: "application/json", body: Array(repeating: 0x20, count: 300 * 1024))
            #expect(huge.status == .contentTooLarge)
            #expect((try await client.send(.get, "/api/wishlists/\(Self.owner)").jsonObject()["products"] as? [Any])?.isEmpty == true)
        }
    }
}

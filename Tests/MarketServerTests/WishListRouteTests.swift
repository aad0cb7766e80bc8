import Foundation
import HummingbirdTesting
import Mocks
import Testing
import WishListOwners

@testable import MarketServer

/// The wish-list extension: `GET` and `PUT /api/wishlists/{owner}` on every store, and what it refuses.
@Suite("Wish lists kept by the market", .postgresSchemas)
struct WishListRouteTests {
    /// An owner issued by the test markets' front (`TestMarket.issuer`), as a path segment.
    static let owner = try! TestMarket.issuer.owner(named: String(repeating: "ab12", count: 16)).text
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
            let other = try TestMarket.issuer.owner(named: String(repeating: "cd34", count: 16)).text
            #expect((try await client.send(.get, "/api/wishlists/\(other)").jsonObject()["products"] as? [Any])?.isEmpty == true)
            let emptied = try await client.send(
                .put, "/api/wishlists/\(Self.owner)", contentType: "application/json", body: Array(#"{"version":1,"products":[]}"#.utf8))
            #expect(emptied.status == .ok)
            #expect((try await client.send(.get, "/api/wishlists/\(Self.owner)").jsonObject()["products"] as? [Any])?.isEmpty == true)
        }
    }

    @Test("owners are issued, not made up: one signed by another front, a signature moved to another name, a market that trusts no front: 403, nothing kept")
    func issuedOnly() async throws {
        let market = try await TestMarket.make(store: .sqlite)
        defer { market.directory.remove() }
        let stranger = try WishListIssuer(seed: [UInt8](repeating: 9, count: 32))
        let name = String(repeating: "ef56", count: 16)
        let foreign = try stranger.owner(named: name).text
        // The test front's signature over another name, put after this one.
        let signature = String(Self.owner.suffix(WishListOwner.signatureCharacters))
        let moved = name + signature
        try await market.test { client in
            for owner in [foreign, moved] {
                let put = try await client.send(.put, "/api/wishlists/\(owner)", contentType: "application/json", body: Array(Self.document.utf8))
                let said = try put.errorMessage()
                #expect(put.status == .forbidden && said == "this wish list's owner was not issued by an SSH front this market trusts")
                #expect(try await client.send(.get, "/api/wishlists/\(owner)").status == .forbidden)
            }
        }
        #expect(try await market.server.stores.wishLists.wishList(owner: name) == nil, "nothing kept under the name")

        var configuration = TestMarket.configuration(directory: market.directory, clock: market.clock)
        configuration.wishListIssuers = []
        let trustsNone = try await OpenMarketServer.open(configuration, stores: try await market.stores.open(now: { market.clock.now }), logger: TestMarket.logger)
        try await trustsNone.application().test(.router) { client in
            let put = try await client.send(.put, "/api/wishlists/\(Self.owner)", contentType: "application/json", body: Array(Self.document.utf8))
            let said = try put.errorMessage()
            #expect(put.status == .forbidden && said.contains("trusts none (serve --wish-list-issuer)"), "\(put.text)")
        }
    }

    @Test("a short or odd owner, a body that is not a wish list, another version, 201 products, an oversized body: 400 or 413, nothing kept")
    func refuses() async throws {
        let market = try await TestMarket.make(store: .sqlite)
        defer { market.directory.remove() }
        let entry = #"{"id":1,"name":"x","currency":"KRW","price":"1","bargainPrice":"1","stock":1,"gone":false}"#
        let signature = String(Self.owner.suffix(WishListOwner.signatureCharacters))
        try await market.test { client in
            let odd = [
                "short", String(repeating: "a", count: 129), String(repeating: "a", count: 31) + "%2F",
                // A name too short and one too long before a signature; a signature whose last character has
                // bits past its 64 bytes.
                String(repeating: "a", count: 15) + signature, String(repeating: "a", count: 65) + signature,
                String(Self.owner.dropLast()) + "B",
            ]
            for owner in odd {
                let answer = try await client.send(.get, "/api/wishlists/\(owner)")
                let message = try answer.errorMessage()
                #expect(answer.status == .badRequest && message.contains("a name of 16 to 64"), "\(owner)")
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

    @Test("the quota: a list that would take the lists past it is refused and nothing changes; the owner's own list does not count twice", arguments: StoreKind.allCases)
    func quota(store: StoreKind) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let stores = try await TestStores.make(store, directory: directory)
        let keeper = try await stores.open().wishLists
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let size = Self.document.utf8.count
        let a = String(repeating: "a", count: 32), b = String(repeating: "b", count: 32), c = String(repeating: "c", count: 32)
        #expect(try await keeper.keep(Self.document, owner: a, at: now, mostBytes: 2 * size))
        #expect(try await keeper.keep(Self.document, owner: b, at: now, mostBytes: 2 * size))
        #expect(try await !keeper.keep(Self.document, owner: c, at: now, mostBytes: 2 * size), "a third would pass the quota")
        #expect(try await keeper.wishList(owner: c) == nil, "nothing kept")
        #expect(try await keeper.keep(Self.document, owner: a, at: now, mostBytes: 2 * size), "replacing one's own fits")
        let empty = #"{"version":1,"products":[]}"#
        #expect(try await keeper.keep(empty, owner: b, at: now, mostBytes: 2 * size))
        #expect(try await keeper.keep(empty, owner: c, at: now, mostBytes: 2 * size), "room made by a smaller list")
    }

    @Test("lists nobody wrote for the lifetime are forgotten; the others stay", arguments: StoreKind.allCases)
    func expiry(store: StoreKind) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let stores = try await TestStores.make(store, directory: directory)
        let keeper = try await stores.open().wishLists
        let old = Date(timeIntervalSince1970: 1_700_000_000)
        let recent = old.addingTimeInterval(200 * 86_400)
        let a = String(repeating: "a", count: 32), b = String(repeating: "b", count: 32)
        #expect(try await keeper.keep(Self.document, owner: a, at: old, mostBytes: 1 << 20))
        #expect(try await keeper.keep(Self.document, owner: b, at: recent, mostBytes: 1 << 20))
        #expect(try await keeper.removeUntouched(before: recent.addingTimeInterval(-180 * 86_400)) == 1)
        #expect(try await keeper.wishList(owner: a) == nil)
        #expect(try await keeper.wishList(owner: b) == Self.document)
        #expect(try await keeper.removeUntouched(before: recent.addingTimeInterval(-180 * 86_400)) == 0)
    }

    @Test("writes from one address: at most so many a minute, then refused with the seconds to wait; another address is apart; a minute later, again")
    func writeRate() {
        let rate = WriteRate(perMinute: 3)
        let t0 = Date(timeIntervalSince1970: 1_800_000_000)
        for second in 0..<3 { #expect(rate.admit("10.0.0.1", at: t0.addingTimeInterval(Double(second))).admitted) }
        let refused = rate.admit("10.0.0.1", at: t0.addingTimeInterval(10))
        #expect(!refused.admitted && refused.retryAfter == 50)
        #expect(rate.admit("10.0.0.2", at: t0.addingTimeInterval(10)).admitted)
        #expect(rate.admit("10.0.0.1", at: t0.addingTimeInterval(60.5)).admitted, "the first write left the window")
    }
}

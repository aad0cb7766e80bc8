import Foundation
import HTTPTypes
import HummingbirdTesting
import MarketServer
import Mocks
import Testing

/// Undo a delete (docs/API.md): a deleted product is kept ten minutes; its vendor brings it back as it was — its
/// id, place, fields and pictures — and nobody else can; after ten minutes it is gone for good.
@Suite("Bringing back a deleted product", .postgresSchemas)
struct RestoreTests {
    func delete(_ client: some TestClientProtocol, _ id: Int, as vendor: VendorCredentials) async throws {
        let path = try await client.send(
            .post, "/api/products/\(id)/archived", identifier: vendor.identifier, contentType: "application/json",
            body: Array("{\"secret\":\"\(vendor.secret)\"}".utf8)
        ).text
        #expect(try await client.send(.delete, path, identifier: vendor.identifier).status == .ok)
    }

    func restore(_ client: some TestClientProtocol, _ id: Int, as vendor: VendorCredentials, secret: String? = nil) async throws
        -> TestResponse
    {
        try await client.send(
            .post, "/api/products/\(id)/restore", identifier: vendor.identifier, contentType: "application/json",
            body: Array("{\"secret\":\"\(secret ?? vendor.secret)\"}".utf8))
    }

    @Test("deleted, it leaves lists, searches and its detail; brought back by its vendor, it is as it was, in its place, its pictures served", arguments: StoreKind.allCases)
    func roundTrip(store: StoreKind) async throws {
        let market = try await TestMarket.make(store: store)
        defer { market.directory.remove() }
        try await market.test { client in
            let older = try await client.registerValid(as: market.alice, name: "Older Lamp")["id"] as! Int
            let created = try await client.registerValid(as: market.alice, name: "Blue Mug", pictures: 2)
            let id = created["id"] as! Int
            _ = try await client.registerValid(as: market.alice, name: "Newer Cup")
            let before = try await client.send(.get, "/api/products/\(id)").jsonObject()
            try await delete(client, id, as: market.alice)
            #expect(try await client.send(.get, "/api/products/\(id)").status == .notFound)
            let listed = try await client.send(.get, "/api/products").jsonObject()
            #expect((listed["pages"] as? [[String: Any]])?.map { $0["id"] as! Int } == [id + 1, older])
            #expect(try await client.send(.get, "/api/products?search_value=blue").jsonObject()["totalCount"] as? Int == 0)

            #expect(try await restore(client, id, as: market.bob).status == .forbidden)
            #expect(try await restore(client, id, as: market.alice, secret: "wrong").status == .forbidden)
            let back = try await restore(client, id, as: market.alice)
            #expect(back.status == .ok, "\(back.text)")
            let answered = try back.jsonObject()
            for key in ["id", "name", "description", "price", "discounted_price", "stock", "created_at", "issued_at", "thumbnail"] {
                #expect("\(answered[key] ?? "nil")" == "\(before[key] ?? "nil")", "\(key)")
            }
            let images = try #require(answered["images"] as? [[String: Any]])
            #expect(images.map { $0["url"] as? String } == (before["images"] as? [[String: Any]])?.map { $0["url"] as? String })
            let again = try await client.send(.get, "/api/products").jsonObject()
            #expect((again["pages"] as? [[String: Any]])?.map { $0["id"] as! Int } == [id + 1, id, older], "back in its place")
            #expect(try await client.send(.get, "/api/products?search_value=blue").jsonObject()["totalCount"] as? Int == 1)
            let picture = try #require(images.first?["url"] as? String)
            let path = String(picture[picture.range(of: "/images/")!.lowerBound...])
            #expect(try await client.send(.get, path).status == .ok)
            // Once back, it is not kept any more: a second restore finds nothing.
            let twice = try await restore(client, id, as: market.alice)
            let refusal = try twice.errorMessage()
            #expect(twice.status == .notFound && refusal.contains("kept for 10 minutes"), "\(refusal)")
            #expect(try await restore(client, 987_654, as: market.alice).status == .notFound)
        }
    }

    @Test("after ten minutes it is gone: a restore finds nothing, the purge takes it and its pictures", arguments: StoreKind.allCases)
    func expiry(store: StoreKind) async throws {
        let market = try await TestMarket.make(store: store)
        defer { market.directory.remove() }
        try await market.test { client in
            let id = try await client.registerValid(as: market.alice)["id"] as! Int
            try await delete(client, id, as: market.alice)
            market.clock.advance(by: 599)
            await market.server.purgeDeleted()
            market.clock.advance(by: 2)
            #expect(try await restore(client, id, as: market.alice).status == .notFound, "past ten minutes")
            await market.server.purgeDeleted()
            market.clock.advance(by: -601)
            #expect(try await restore(client, id, as: market.alice).status == .notFound, "purged: gone even for a clock set back")
        }
    }
}

import Foundation
import HTTPTypes
import HummingbirdTesting
import MarketServer
import Mocks
import Testing

@Suite("Updating and deleting", .postgresSchemas)
struct UpdateDeleteTests {
    func patch(_ client: some TestClientProtocol, _ id: Any, as vendor: VendorCredentials?, _ json: String) async throws
        -> TestResponse
    {
        try await client.send(
            .patch, "/api/products/\(id)", identifier: vendor?.identifier, contentType: "application/json",
            body: Array(json.utf8))
    }

    @Test("PATCH changes only the given fields and answers the new detail", arguments: StoreKind.allCases)
    func updates(store: StoreKind) async throws {
        let market = try await TestMarket.make(store: store)
        defer { market.directory.remove() }
        try await market.test { client in
            let created = try await client.registerValid(as: market.alice, pictures: 2)
            let id = created["id"] as! Int
            let response = try await patch(client, id, as: market.alice, #"{"secret":"\#(market.alice.secret)","price":15000,"stock":0}"#)
            #expect(response.status == .ok, "\(response.text)")
            let detail = try response.jsonObject()
            #expect(detail["price"] as? Double == 15000)
            #expect(detail["bargain_price"] as? Double == 14000)
            #expect(detail["stock"] as? Int == 0)
            #expect(detail["name"] as? String == created["name"] as? String)
            #expect(detail["description"] as? String == created["description"] as? String)
            let listed = try await client.send(.get, "/api/products").jsonObject()
            #expect((listed["pages"] as! [[String: Any]])[0]["price"] as? Double == 15000, "cached page was refreshed")
            let fetched = try await client.send(.get, "/api/products/\(id)").jsonObject()
            #expect(fetched["price"] as? Double == 15000)

            let second = (created["images"] as! [[String: Any]])[1]
            let chosen = try await patch(
                client, id, as: market.alice, #"{"secret":"\#(market.alice.secret)","thumbnail_id":\#(second["id"] as! Int)}"#
            ).jsonObject()
            #expect(chosen["thumbnail"] as? String == second["thumbnail_url"] as? String)
        }
    }

    @Test(
        "PATCH refusals: other product's thumbnail, other vendor, wrong secret, 404, bad id, broken rules, bad JSON",
        arguments: StoreKind.allCases)
    func refusals(store: StoreKind) async throws {
        let market = try await TestMarket.make(store: store)
        defer { market.directory.remove() }
        try await market.test { client in
            let mine = try await client.registerValid(as: market.alice)["id"] as! Int
            let other = try await client.registerValid(as: market.bob)
            let otherImage = (other["images"] as! [[String: Any]])[0]["id"] as! Int
            let secret = market.alice.secret
            let cases: [(Any, VendorCredentials?, String, HTTPResponse.Status, String)] = [
                (mine, market.alice, #"{"secret":"\#(secret)","thumbnail_id":\#(otherImage)}"#, .badRequest, "thumbnail_id"),
                (other["id"] as! Int, market.alice, #"{"secret":"\#(secret)","price":1}"#, .forbidden, "another vendor"),
                (mine, market.alice, #"{"secret":"wrong","price":1}"#, .forbidden, "secret"),
                (mine, market.bob, #"{"secret":"\#(market.bob.secret)","price":1}"#, .forbidden, "another vendor"),
                (mine, nil, #"{"secret":"\#(secret)","price":1}"#, .unauthorized, "identifier"),
                (999_999, market.alice, #"{"secret":"\#(secret)","price":1}"#, .notFound, "999999"),
                ("x1", market.alice, #"{"secret":"\#(secret)","price":1}"#, .badRequest, "id"),
                (mine, market.alice, #"{"secret":"\#(secret)","discounted_price":99999}"#, .badRequest, "discounted_price"),
                (mine, market.alice, #"{"secret":"\#(secret)","name":"x"}"#, .badRequest, "name"),
                (mine, market.alice, #"{"secret":"\#(secret)","name":"Blue\u0000Mug"}"#, .badRequest, "NUL"),
                (mine, market.alice, #"{"secret":"wrong\u0000","price":1}"#, .forbidden, "secret"),
                (mine, market.alice, #"{"secret":"\#(secret)","currency":"JPY"}"#, .badRequest, "currency"),
                (mine, market.alice, #"{"secret":"\#(secret)","stock":"many"}"#, .badRequest, "stock"),
                (mine, market.alice, #"{"secret":"#, .badRequest, "JSON"),
            ]
            for (id, vendor, body, status, mention) in cases {
                let response = try await patch(client, id, as: vendor, body)
                #expect(response.status == status, "\(body) → \(response.text)")
                #expect(try response.errorMessage().contains(mention), "\(body) → \(response.text)")
            }
            let unchanged = try await client.send(.get, "/api/products/\(mine)").jsonObject()
            #expect(unchanged["price"] as? Double == 12000)
            #expect(unchanged["name"] as? String == "Blue Mug")
        }
    }

    func archive(_ client: some TestClientProtocol, _ id: Int, as vendor: VendorCredentials, secret: String? = nil)
        async throws -> TestResponse
    {
        try await client.send(
            .post, "/api/products/\(id)/archived", identifier: vendor.identifier, contentType: "application/json",
            body: Array("{\"secret\":\"\(secret ?? vendor.secret)\"}".utf8))
    }

    @Test(
        "archived gives a single-use delete path; DELETE removes the product, its files once it can no longer be brought back",
        arguments: StoreKind.allCases)
    func deletes(store: StoreKind) async throws {
        let market = try await TestMarket.make(store: store)
        defer { market.directory.remove() }
        let kept = try await market.test { client in
            let created = try await client.registerValid(as: market.alice, pictures: 2)
            let id = created["id"] as! Int
            let tokenResponse = try await archive(client, id, as: market.alice)
            #expect(tokenResponse.status == .ok)
            #expect(tokenResponse.headers[.contentType]?.hasPrefix("text/plain") == true)
            let path = tokenResponse.text
            #expect(path.hasPrefix("/api/products/"))
            let token = String(path.dropFirst("/api/products/".count))
            #expect(!token.isEmpty && token.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })

            let deleted = try await client.send(.delete, path, identifier: market.alice.identifier)
            #expect(deleted.status == .ok)
            #expect(try deleted.jsonObject()["id"] as? Int == id)
            #expect(try await client.send(.get, "/api/products/\(id)").status == .notFound)
            #expect(try await client.send(.get, "/api/products").jsonObject()["totalCount"] as? Int == 0)

            let reused = try await client.send(.delete, path, identifier: market.alice.identifier)
            #expect(reused.status == .notFound)
            #expect(try reused.errorMessage().contains("already used"))
            return FileManager.default.enumerator(atPath: market.directory.url.appendingPathComponent("images").path)?
                .allObjects.compactMap { $0 as? String }.filter { $0.hasSuffix(".jpg") }.count ?? 0
        }
        // Its files stay while it can be brought back (ten minutes), then the purge removes them.
        func files() -> [String] {
            FileManager.default.enumerator(atPath: market.directory.url.appendingPathComponent("images").path)?
                .allObjects.compactMap { $0 as? String }.filter { $0.hasSuffix(".jpg") } ?? []
        }
        #expect(files().count == kept, "kept for a restore: \(files())")
        market.clock.advance(by: 601)
        await market.server.purgeDeleted()
        #expect(files().isEmpty, "picture files of a deleted product: \(files())")
    }

    @Test(
        "delete tokens: unknown, expired after 10 minutes, other vendor, wrong secret, missing identifier",
        arguments: StoreKind.allCases)
    func tokenRefusals(store: StoreKind) async throws {
        let market = try await TestMarket.make(store: store)
        defer { market.directory.remove() }
        try await market.test { client in
            let id = try await client.registerValid(as: market.alice)["id"] as! Int
            let wrongSecret = try await archive(client, id, as: market.alice, secret: "nope")
            #expect(wrongSecret.status == .forbidden)
            #expect(try await archive(client, id, as: market.bob).status == .forbidden)
            #expect(try await archive(client, 424_242, as: market.alice).status == .notFound)

            let unknown = try await client.send(.delete, "/api/products/AAAAunknownToken", identifier: market.alice.identifier)
            #expect(unknown.status == .notFound)
            #expect(try unknown.errorMessage().contains("unknown delete token"))

            let path = try await archive(client, id, as: market.alice).text
            let noIdentifier = try await client.send(.delete, path)
            #expect(noIdentifier.status == .unauthorized)
            let otherVendor = try await client.send(.delete, path, identifier: market.bob.identifier)
            #expect(otherVendor.status == .forbidden)

            market.clock.advance(by: 601)
            let expired = try await client.send(.delete, path, identifier: market.alice.identifier)
            #expect(expired.status == .notFound)
            #expect(try expired.errorMessage().contains("expired"))
            #expect(try await client.send(.get, "/api/products/\(id)").status == .ok, "product still there")

            let fresh = try await archive(client, id, as: market.alice).text
            market.clock.advance(by: 599)
            #expect(try await client.send(.delete, fresh, identifier: market.alice.identifier).status == .ok)
        }
    }
}

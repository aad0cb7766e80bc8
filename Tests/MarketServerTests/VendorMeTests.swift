import Foundation
import HTTPTypes
import HummingbirdTesting
import MarketServer
import Mocks
import Testing

/// `GET /api/vendors/me`: the vendor the `identifier` header names, so that a client given only an identity
/// can tell its own products (docs/API.md, "Who a vendor is").
@Suite("Who a vendor is")
struct VendorMeTests {
    @Test("the vendor's id and name for its identifier; 401 without one or for an unknown one; 405 for another method")
    func me() async throws {
        let market = try await TestMarket.make(store: .memory)
        defer { market.directory.remove() }
        try await market.test { client in
            let alice = try await client.send(.get, "/api/vendors/me", identifier: market.alice.identifier)
            #expect(alice.status == .ok && alice.text == #"{"id":\#(market.alice.id),"name":"alice"}"#, "\(alice.text)")
            let bob = try await client.send(.get, "/api/vendors/me", identifier: market.bob.identifier.uppercased()).jsonObject()
            #expect(bob["id"] as? Int == market.bob.id)
            let none = try await client.send(.get, "/api/vendors/me", identifier: nil)
            #expect(none.status == .unauthorized && none.text.contains("identifier header is missing"))
            let unknown = try await client.send(.get, "/api/vendors/me", identifier: UUID().uuidString)
            #expect(unknown.status == .unauthorized && unknown.text.contains("not a known vendor"))
            let posted = try await client.send(.post, "/api/vendors/me", identifier: market.alice.identifier)
            #expect(posted.status == .methodNotAllowed)
        }
    }
}

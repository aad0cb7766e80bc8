import Foundation
import Hummingbird
import HummingbirdTesting
import HTTPTypes
import NIOCore
import Testing

@testable import MarketServer

/// `/healthChecker/ready` for load balancers: ready only while the store answers.
@Suite("Readiness", .postgresSchemas)
struct ReadinessTests {
    /// A product store that fails or never answers, as a database that went away does.
    struct BrokenStore: ProductStore {
        var hangs: Bool

        func page(number: Int, perPage: Int, search: String?, listing: ProductListing) async throws -> ProductPage {
            if hangs { try await Task.sleep(for: .seconds(3600)) }
            throw APIError(.internalServerError, "connection refused")
        }
        func detail(id: Int) async throws -> StoredProductDetail? { nil }
        func insert(_ product: NewProduct, pictures: [SavedPicture], at date: Date) async throws -> StoredProductDetail {
            throw APIError(.internalServerError, "no")
        }
        func update(id: Int, vendorID: Int, with changes: ProductChanges, at date: Date) async throws
            -> StoredProductDetail
        { throw APIError(.internalServerError, "no") }
        func delete(id: Int, at date: Date) async throws -> StoredProductDetail { throw APIError(.internalServerError, "no") }
        func restore(id: Int, vendorID: Int, deletedSince since: Date) async throws -> StoredProductDetail {
            throw APIError(.internalServerError, "no")
        }
        func purgeDeleted(before date: Date) async throws -> [StoredProductDetail] { throw APIError(.internalServerError, "no") }
    }

    func body(_ answer: (status: HTTPResponse.Status, body: String)) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any] ?? [:]
    }

    @Test("a store that answers: 200, ready, named by its replica id", arguments: StoreKind.allCases)
    func ready(store: StoreKind) async throws {
        let market = try await TestMarket.make(store: store)
        defer { market.directory.remove() }
        let check = ReadinessCheck(products: market.server.stores.products, replicaID: "replica-a")
        let response = await check.check()
        #expect(response.status == .ok)
        let json = try body(response)
        #expect(json["status"] as? String == "ready" && json["replica"] as? String == "replica-a")
        try await market.test { client in
            let answer = try await client.send(.get, "/healthChecker/ready")
            #expect(answer.status == .ok)
            #expect(try await client.send(.get, "/healthChecker").body == ByteBuffer(string: "\"OK\""))
        }
    }

    @Test("a store that fails answers 503 at once; one that hangs, 503 after the timeout, not later")
    func unavailable() async throws {
        let failing = await ReadinessCheck(products: BrokenStore(hangs: false), replicaID: "b").check()
        #expect(failing.status == .serviceUnavailable)
        let json = try body(failing)
        #expect(json["code"] as? Int == 503 && json["replica"] as? String == "b")
        #expect((json["message"] as? String)?.contains("connection refused") == true)

        let started = ContinuousClock.now
        let hanging = await ReadinessCheck(products: BrokenStore(hangs: true), replicaID: "b", timeout: .milliseconds(200))
            .check()
        #expect(hanging.status == .serviceUnavailable)
        #expect(ContinuousClock.now - started < .seconds(120), "bounded by the timeout, not the store (which never answers)")
        #expect((try body(hanging)["message"] as? String)?.contains("did not answer") == true)
    }
}

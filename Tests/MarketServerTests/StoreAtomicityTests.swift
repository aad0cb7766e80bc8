import Foundation
import Mocks
import Testing

@testable import MarketServer

/// The atomic steps the store protocols promise, held to on each implementation directly.
@Suite("Stores: atomic steps under concurrent use", .postgresSchemas)
struct StoreAtomicityTests {
    /// Fresh stores of `kind` (a SQLite file in `directory` for `.sqlite`, a new schema for `.postgres`).
    static func stores(_ kind: StoreKind, in directory: TemporaryDirectory) async throws -> MarketStores {
        try await TestStores.make(kind, directory: directory).open()
    }

    static func product(vendorID: Int, name: String = "Blue Mug") -> NewProduct {
        NewProduct(
            vendorID: vendorID, name: name, description: "A sturdy cup for your coffee.", price: 12000,
            discountedPrice: 1000, stock: 3, currency: "KRW")
    }

    static func pictures(_ count: Int, tag: String) -> [SavedPicture] {
        (0..<count).map {
            SavedPicture(
                originPath: "1/20240101/\(tag)\($0)_origin.jpg", thumbnailPath: "1/20240101/\(tag)\($0)_thumb.jpg")
        }
    }

    @Test("a delete token is spent exactly once by 40 concurrent redeems", arguments: StoreKind.allCases)
    func tokenSpentOnce(kind: StoreKind) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let stores = try await Self.stores(kind, in: directory)
        let vendor = try await stores.vendors.add(name: "alice")
        let product = try await stores.products.insert(Self.product(vendorID: vendor.id), pictures: [], at: Date())
        let id = product.product.id
        let now = Date()
        let token = try await stores.deleteTokens.issue(productID: id, vendorID: vendor.id, now: now, lifetime: 600)
        let outcomes = await withTaskGroup(of: Result<Int, APIError>.self) { group in
            for _ in 0..<40 {
                group.addTask {
                    do {
                        return .success(try await stores.deleteTokens.redeem(token, vendorID: vendor.id, now: now))
                    } catch let error as APIError {
                        return .failure(error)
                    } catch {
                        return .failure(APIError(.internalServerError, "\(error)"))
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        let spent = outcomes.compactMap { try? $0.get() }
        #expect(spent == [id], "exactly one redeem succeeds, for its product")
        let refusals = outcomes.compactMap { outcome -> APIError? in
            if case .failure(let error) = outcome { error } else { nil }
        }
        #expect(refusals.count == 39)
        #expect(refusals.allSatisfy { $0.status == .notFound && $0.message == "delete token was already used" })
    }

    @Test("a token refused (other vendor, expired) is not spent; an unknown one is 404", arguments: StoreKind.allCases)
    func tokenChecks(kind: StoreKind) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let stores = try await Self.stores(kind, in: directory)
        let alice = try await stores.vendors.add(name: "alice")
        let bob = try await stores.vendors.add(name: "bob")
        let id = try await stores.products.insert(Self.product(vendorID: alice.id), pictures: [], at: Date()).product.id
        let now = Date()
        let token = try await stores.deleteTokens.issue(productID: id, vendorID: alice.id, now: now, lifetime: 600)
        await #expect(throws: APIError.forbidden("delete token was issued to another vendor")) {
            try await stores.deleteTokens.redeem(token, vendorID: bob.id, now: now)
        }
        await #expect(throws: APIError.notFound("delete token has expired; ask for a new one")) {
            try await stores.deleteTokens.redeem(token, vendorID: alice.id, now: now.addingTimeInterval(601))
        }
        await #expect(throws: DeleteTokenRecord.unknown) {
            try await stores.deleteTokens.redeem("no-such-token", vendorID: alice.id, now: now)
        }
        #expect(try await stores.deleteTokens.redeem(token, vendorID: alice.id, now: now.addingTimeInterval(600)) == id)
    }

    @Test("a product and its pictures are inserted together: concurrent readers never see one without the other",
        arguments: StoreKind.allCases)
    func insertIsAtomic(kind: StoreKind) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let stores = try await Self.stores(kind, in: directory)
        let vendor = try await stores.vendors.add(name: "alice")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for n in 0..<20 {
                group.addTask {
                    let product = Self.product(vendorID: vendor.id, name: "Product \(n)")
                    _ = try await stores.products.insert(product, pictures: Self.pictures(3, tag: "p\(n)-"), at: Date())
                }
            }
            group.addTask {
                for _ in 0..<40 {
                    let page = try await stores.products.page(number: 1, perPage: 100, search: nil)
                    let paths = try await stores.pictures.referencedPaths()
                    #expect(paths.count >= page.total * 6, "every listed product's 3 pictures (2 files each) are there")
                    for item in page.items {
                        #expect(!item.thumbnailPath.isEmpty, "product \(item.id) listed without its thumbnail")
                    }
                    await Task.yield()
                }
            }
            try await group.waitForAll()
        }
        let page = try await stores.products.page(number: 1, perPage: 100, search: nil)
        #expect(page.total == 20)
        #expect(try await stores.pictures.allNewestFirst().count == 60)
    }

    @Test("an insert that fails leaves nothing behind", arguments: StoreKind.allCases)
    func failedInsertLeavesNothing(kind: StoreKind) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let stores = try await Self.stores(kind, in: directory)
        // No vendor 999: SQLite's foreign key refuses the row, the memory store refuses it likewise.
        await #expect(throws: (any Error).self) {
            try await stores.products.insert(
                Self.product(vendorID: 999), pictures: Self.pictures(2, tag: "x"), at: Date())
        }
        #expect(try await stores.products.page(number: 1, perPage: 20, search: nil).total == 0)
        #expect(try await stores.pictures.referencedPaths().isEmpty)
    }

    @Test("an update that breaks a rule changes nothing", arguments: StoreKind.allCases)
    func failedUpdateChangesNothing(kind: StoreKind) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let stores = try await Self.stores(kind, in: directory)
        let vendor = try await stores.vendors.add(name: "alice")
        let before = try await stores.products.insert(Self.product(vendorID: vendor.id), pictures: [], at: Date())
        // The price is applied before the discount is checked against it; neither may stick.
        await #expect(throws: APIError.self) {
            try await stores.products.update(
                id: before.product.id, vendorID: vendor.id, with: ProductChanges(price: 500), at: Date())
        }
        #expect(try await stores.products.detail(id: before.product.id) == before)
    }
}

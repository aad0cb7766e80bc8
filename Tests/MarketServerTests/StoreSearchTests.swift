import Foundation
import Mocks
import Testing

@testable import MarketServer

/// Search is the same on every store: a plain substring of the lowercased name and description.
@Suite("Stores: search", .postgresSchemas)
struct StoreSearchTests {
    @Test(
        "search finds any substring in any script, case-insensitively, with no pattern characters",
        arguments: StoreKind.allCases)
    func plainSubstring(kind: StoreKind) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let stores = try await StoreAtomicityTests.stores(kind, in: directory)
        let vendor = try await stores.vendors.add(name: "alice")
        for (name, description) in [
            ("Blue Mug", "100% stoneware_cup, dishwasher safe."),
            ("미니멀 소파", "작은 거실에 맞는 2인용 소파입니다."),
            ("ÉCLAIR Pen", "A pen named after a pastry."),
        ] {
            var product = StoreAtomicityTests.product(vendorID: vendor.id, name: name)
            product.description = description
            _ = try await stores.products.insert(product, pictures: [], at: Date())
        }
        func names(_ search: String) async throws -> [String] {
            try await stores.products.page(number: 1, perPage: 20, search: search).items.map(\.name)
        }
        #expect(try await names("MUG") == ["Blue Mug"])
        #expect(try await names("소파") == ["미니멀 소파"])
        #expect(try await names("éclair") == ["ÉCLAIR Pen"])
        #expect(try await names("0% s") == ["Blue Mug"])
        #expect(try await names("%") == ["Blue Mug"])
        #expect(try await names("_") == ["Blue Mug"])
        #expect(try await names("s_o").isEmpty, "_ is not a wildcard")
        #expect(try await names("a") == ["ÉCLAIR Pen", "Blue Mug"], "newest first")
    }
}

import Foundation
import HummingbirdTesting
@testable import MarketServer
import Mocks
import Testing
import MarketDemo

@Suite("Durability and the data directory", .postgresSchemas)
struct DurabilityTests {
    @Test("products, vendors and pictures survive closing and reopening the store", arguments: StoreKind.allCases)
    func reopen(store: StoreKind) async throws {
        let market = try await TestMarket.make(store: store)
        defer { market.directory.remove() }
        let id = try await market.test { client in try await client.registerValid(as: market.alice, pictures: 2)["id"] as! Int }
        let again = try await market.reopened()
        try await again.test { client in
            let detail = try await client.send(.get, "/api/products/\(id)")
            #expect(detail.status == .ok)
            let url = ((try detail.jsonObject()["images"] as! [[String: Any]])[1]["url"] as! String)
                .replacingOccurrences(of: "http://market.test", with: "")
            #expect(try await client.send(.get, url).status == .ok)
            #expect(try await client.registerValid(as: again.alice)["vendor_id"] as? Int == market.alice.id)
        }
    }

    @Test(
        "files without rows (a crash mid-upload) are removed at start; referenced files are kept",
        arguments: StoreKind.allCases)
    func orphanSweep(store: StoreKind) async throws {
        let market = try await TestMarket.make(store: store)
        defer { market.directory.remove() }
        let id = try await market.test { client in try await client.registerValid(as: market.alice)["id"] as! Int }
        // Bytes without rows, as a crash between storing a picture and committing its product leaves them.
        let orphanPath = "\(market.alice.id)/20991231/" + String(repeating: "a", count: 32) + "_origin.jpg"
        let pictureFiles = market.server.pictures
        if store != .sqlite {
            let orphan = SavedPicture(originPath: orphanPath, thumbnailPath: orphanPath.replacingOccurrences(of: "_origin", with: "_thumb"))
            try await pictureFiles.write(original: FixturePictures.jpeg(), thumbnail: FixturePictures.jpeg(), to: orphan)
        } else {
            let folder = market.directory.url.appendingPathComponent("images/\(market.alice.id)/20991231")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(FixturePictures.jpeg()).write(to: market.directory.url.appendingPathComponent("images/" + orphanPath))
        }
        #expect(try await pictureFiles.read(relativePath: orphanPath) != nil)
        let again = try await market.reopened()
        let left = try await again.server.pictures.read(relativePath: orphanPath)
        // PostgreSQL is shared by replicas: a young orphan may be another's upload about to commit (an hour's grace).
        #expect(store == .postgres ? left != nil : left == nil)
        try await again.test { client in
            let detail = try await client.send(.get, "/api/products/\(id)").jsonObject()
            let url = (detail["thumbnail"] as! String).replacingOccurrences(of: "http://market.test", with: "")
            #expect(try await client.send(.get, url).status == .ok)
        }
    }

    @Test("vendor secrets are stored hashed; vendors are listed", arguments: StoreKind.allCases)
    func vendors(store: StoreKind) async throws {
        let market = try await TestMarket.make(store: store)
        defer { market.directory.remove() }
        let all = try await market.server.vendors.all()
        #expect(all.map(\.name) == ["alice", "bob"])
        #expect(all.allSatisfy { !$0.identifier.isEmpty && $0.identifier == $0.identifier.lowercased() })
        let found = try await market.server.vendors.vendor(identifier: market.alice.identifier.uppercased())
        #expect(found?.id == market.alice.id)
        #expect(try await market.server.vendors.vendor(identifier: UUID().uuidString) == nil)
        guard store == .sqlite else { return }
        let database = try Data(contentsOf: market.directory.url.appendingPathComponent("openmarket.sqlite"))
        let wal = (try? Data(contentsOf: market.directory.url.appendingPathComponent("openmarket.sqlite-wal"))) ?? Data()
        let secret = Data(market.alice.secret.utf8)
        #expect(database.range(of: secret) == nil && wal.range(of: secret) == nil, "secret stored in clear")
    }
}

@Suite("Demo catalog", .postgresSchemas)
struct DemoCatalogTests {
    @Test(
        "first start seeds ≥ 120 products from several vendors with the documented variety",
        arguments: StoreKind.allCases)
    func seeds(store: StoreKind) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let clock = TestClock()
        let stores = try await TestStores.make(store, directory: directory, now: { clock.now })
        let server = try await TestMarket.open(stores, demo: .whenEmpty, clock: clock)
        let demo = try #require(server.demoVendor)
        #expect(demo.name == "demo")
        #expect(try await server.vendors.all().count >= 4)
        let attributes = try FileManager.default.attributesOfItem(
            atPath: directory.url.appendingPathComponent("demo-vendor.json").path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)

        try await server.application().test(.router) { client in
            let page = try await client.send(.get, "/api/products?items_per_page=100&page_no=1").jsonObject()
            #expect((page["totalCount"] as? Int ?? 0) >= 120)
            var items = page["pages"] as! [[String: Any]]
            items += try await client.send(.get, "/api/products?items_per_page=100&page_no=2").jsonObject()["pages"]
                as! [[String: Any]]
            #expect(Set(items.compactMap { $0["currency"] as? String }) == ["KRW", "USD"])
            #expect(items.contains { ($0["stock"] as? Int) == 0 })
            #expect(items.contains { ($0["discounted_price"] as? Double ?? 0) > 0 })
            #expect(items.contains { ($0["name"] as? String ?? "").unicodeScalars.contains { $0.value >= 0xAC00 } })
            #expect(items.contains { ($0["name"] as? String ?? "").allSatisfy(\.isASCII) })
            #expect(items.contains { (($0["price"] as? Double ?? 0) * 100).truncatingRemainder(dividingBy: 100) != 0 })
            #expect(Set(items.compactMap { $0["vendorName"] as? String }).count >= 4)
            let descriptions = items.compactMap { $0["description"] as? String }
            #expect(descriptions.contains { !$0.contains("\n") })
            #expect(descriptions.contains { $0.components(separatedBy: "\n\n").count >= 3 })
            let counts = try await withThrowingTaskGroup(of: Int.self) { group in
                for item in items.prefix(30) {
                    let id = item["id"] as! Int
                    group.addTask {
                        ((try await client.send(.get, "/api/products/\(id)").jsonObject())["images"] as! [Any]).count
                    }
                }
                return try await group.reduce(into: Set<Int>()) { $0.insert($1) }
            }
            #expect(counts.isSubset(of: Set(1...5)) && counts.count >= 3)
            #expect(items.contains { $0["vendorName"] as? String == "demo" })
        }
        // A restart finds the catalog and the credentials again and seeds nothing new.
        let again = try await TestMarket.open(stores, demo: .always, clock: clock)
        #expect(again.demoVendor == demo)
        try await again.application().test(.router) { client in
            let page = try await client.send(.get, "/api/products").jsonObject()
            #expect(page["totalCount"] as? Int == 132)
        }
    }
}

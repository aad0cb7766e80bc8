import Foundation
import MarketDemo
import Mocks
import PostgresNIO
import ServerTestSupport
import Testing

@testable import MarketServer

/// What PostgreSQL adds to the contract tests: several replicas (separate `PostgresStores`, each with its
/// own pool) on one database, and the schema's migrations.
@Suite(
    "PostgreSQL: replicas sharing one database, and migrations", .postgresSchemas,
    .enabled(if: TestPostgres.runsCases, Comment(rawValue: TestPostgres.skipNotice)))
struct PostgresStoreTests {
    static let product = NewProduct(
        vendorID: 0, name: "Blue Mug", description: "A sturdy cup for your coffee.", price: 12000,
        discountedPrice: 1000, stock: 3, currency: "KRW")

    @Test("the cluster named by OPENMARKET_TEST_DATABASE answers")
    func clusterAnswers() async throws {
        let connection = try await PostgresStores.connect(try TestPostgres.cluster(), logger: TestMarket.logger)
        let one = try await connection.firstRow("SELECT 1", logger: TestMarket.logger) { try $0[0].decode(Int.self) }
        try await connection.close()
        #expect(one == 1)
    }

    @Test("two replicas redeeming one token at once: exactly one wins")
    func tokenSpentOnceAcrossReplicas() async throws {
        let schema = try await TestSchemaScope.newSchema()
        let a = try await schema.open().stores
        let b = try await schema.open().stores
        let vendor = try await a.vendors.add(name: "alice")
        var product = Self.product
        product.vendorID = vendor.id
        let id = try await a.products.insert(product, pictures: [], at: Date()).product.id
        let now = Date()
        let token = try await b.deleteTokens.issue(productID: id, vendorID: vendor.id, now: now, lifetime: 600)
        let spent = try await withThrowingTaskGroup(of: Int?.self) { group in
            for n in 0..<40 {
                let replica = n.isMultiple(of: 2) ? a : b
                group.addTask {
                    do {
                        return try await replica.deleteTokens.redeem(token, vendorID: vendor.id, now: now)
                    } catch let error as APIError {
                        #expect(error == .notFound("delete token was already used"))
                        return nil
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }.compactMap { $0 }
        }
        #expect(spent == [id])
    }

    @Test("ids handed out by two replicas at once never collide")
    func idsNeverCollide() async throws {
        let schema = try await TestSchemaScope.newSchema()
        let replicas = [try await schema.open().stores, try await schema.open().stores]
        let created = try await withThrowingTaskGroup(of: (vendor: Int, product: Int, image: Int).self) { group in
            for n in 0..<30 {
                let stores = replicas[n % 2]
                group.addTask {
                    let vendor = try await stores.vendors.add(name: "vendor \(n)")
                    var product = Self.product
                    product.vendorID = vendor.id
                    let picture = SavedPicture(originPath: "\(n)_origin.jpg", thumbnailPath: "\(n)_thumb.jpg")
                    let detail = try await stores.products.insert(product, pictures: [picture], at: Date())
                    return (vendor.id, detail.product.id, try #require(detail.images.first?.id))
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(created.map(\.vendor)).count == 30)
        #expect(Set(created.map(\.product)).count == 30)
        #expect(Set(created.map(\.image)).count == 30)
        #expect(try await replicas[1].products.page(number: 1, perPage: 100, search: nil).total == 30)
    }

    @Test("a registration is one transaction: the pictures' bytes and the product's rows commit together, or none of them")
    func registrationCommitsOnce() async throws {
        let schema = try await TestSchemaScope.newSchema()
        let replica = try await schema.open()
        let stores = replica.stores
        let files = try #require(stores.pictureFiles)
        let vendor = try await stores.vendors.add(name: "alice")
        var product = Self.product
        product.vendorID = vendor.id
        func stage(_ seed: Int) async throws -> StagedPicture {
            let jpeg = FixturePictures.jpeg(width: 64, height: 48, seed: seed)
            return try await files.stage(original: jpeg, format: .jpeg, thumbnail: jpeg, vendorID: vendor.id, date: Date())
        }
        /// The transactions that wrote the rows naming `paths` (their `xmin`) and how many rows there are.
        func writers(of paths: [String], product id: Int?) async throws -> (transactions: Set<String>, rows: Int) {
            try await replica.client.withConnection { connection in
                let rows = try await connection.rows(
                    """
                    SELECT xmin::text FROM picture_file WHERE path = ANY(\(paths))
                    UNION ALL SELECT xmin::text FROM image WHERE origin_path = ANY(\(paths))
                    UNION ALL SELECT xmin::text FROM product WHERE id = \(id ?? -1)
                    """, logger: TestMarket.logger) { try $0[0].decode(String.self) }
                return (Set(rows), rows.count)
            }
        }

        let staged = [try await stage(1), try await stage(2)]
        let paths = staged.flatMap { [$0.saved.originPath, $0.saved.thumbnailPath] }
        #expect(staged.allSatisfy { $0.files.count == 2 }, "the bytes wait for the product's transaction")
        #expect(try await writers(of: paths, product: nil).rows == 0, "nothing is written while staged")
        let detail = try await stores.products.insert(
            product, pictures: staged.map(\.saved), files: staged.flatMap(\.files), at: Date())
        let written = try await writers(of: paths, product: detail.product.id)
        #expect(written.rows == 4 + 2 + 1, "four files, two image rows, the product")
        #expect(written.transactions.count == 1, "one transaction wrote them all: \(written.transactions)")
        #expect(try await files.read(relativePath: paths[0])?.bytes == Data(staged[0].files[1].bytes))

        // A product the database refuses (no such vendor): none of its bytes stay.
        let refused = [try await stage(3)]
        product.vendorID = vendor.id + 1000
        await #expect(throws: (any Error).self) {
            try await stores.products.insert(
                product, pictures: refused.map(\.saved), files: refused.flatMap(\.files), at: Date())
        }
        #expect(try await writers(of: [refused[0].saved.originPath, refused[0].saved.thumbnailPath], product: nil).rows == 0)
    }

    @Test("the demo catalog seeded on PostgreSQL (one statement per table) is the one seeded on SQLite, answer for answer")
    func seededCatalogMatchesSQLite() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let now = Date(timeIntervalSince1970: 1_780_000_000)
        let catalog = DemoCatalog(directory: folder.url)
        var answers: [[String]] = []
        for kind in [StoreKind.sqlite, .postgres] {
            let stores = try await TestStores.make(kind, directory: folder).open(now: { now })
            let started = ContinuousClock.now
            let demo = try await catalog.seed(into: stores.demoCatalog, now: now)
            print("demo catalog seeded on \(kind) in \(ContinuousClock.now - started)")
            #expect(try await stores.demoCatalog.demoVendor()?.identifier == demo.identifier, "\(kind): the demo vendor is kept")
            #expect(try await stores.vendors.vendor(identifier: demo.identifier)?.id == demo.id)
            let json = ProductJSON(baseURL: "http://m.test")
            let page = try await stores.products.page(number: 1, perPage: 500, search: nil)
            var kindAnswers = [json.page(number: 1, perPage: 500, total: page.total, items: page.items)]
            for item in page.items {
                kindAnswers.append(json.detail(try #require(try await stores.products.detail(id: item.id))))
            }
            answers.append(kindAnswers)
        }
        #expect(answers[1].count == 133, "132 products and the page")
        for (sqlite, postgres) in zip(answers[0], answers[1]) {
            // Vendors' ids and names, products' ids, pictures' ids and paths, thumbnails: all the same.
            #expect(sqlite == postgres)
        }
    }

    @Test("replicas migrating an empty database at the same moment all start; each migration is applied once")
    func concurrentMigrations() async throws {
        let schema = try await TestSchemaScope.newSchema()
        let replicas = try await withThrowingTaskGroup(of: PostgresStores.self) { group in
            for _ in 0..<4 { group.addTask { try await schema.open() } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(replicas.count == 4)
        let versions = try await replicas[0].client.withConnection { connection in
            try await connection.rows(
                "SELECT version FROM schema_version ORDER BY version", logger: TestMarket.logger
            ) { try $0["version"].decode(Int.self) }
        }
        #expect(versions == Array(1...PostgresSchema.version))
        _ = try await replicas[3].stores.vendors.add(name: "alice")
        #expect(try await replicas[0].stores.vendors.all().map(\.name) == ["alice"])
    }

    @Test("a server older than its database's schema refuses to start, naming both versions")
    func refusesNewerSchema() async throws {
        let schema = try await TestSchemaScope.newSchema()
        let current = try await schema.open()
        let newer = PostgresSchema.version + 1
        _ = try await current.client.withConnection { connection in
            try await connection.query(
                "INSERT INTO schema_version (version) VALUES (\(newer))", logger: TestMarket.logger)
        }
        let error = try await #require(throws: PostgresStoreError.self) { try await schema.open() }
        #expect(error.isSchemaTooNew)
        #expect(
            error.message.contains("has schema version \(newer), but this openmarket knows only versions up to "
                + "\(PostgresSchema.version)"), "\(error.message)")
        #expect(!error.message.contains("password"))
    }
}

/// Reaching PostgreSQL at start: a clear error within seconds, never a hang. No cluster needed.
@Suite("PostgreSQL: the database URL and an unreachable server")
struct PostgresLocationTests {
    @Test("an unreachable server is an error naming it within seconds")
    func unreachable() async throws {
        try await ClosedPort.with { port in
            let location = try PostgresLocation(url: "postgres://market:hunter2@127.0.0.1:\(port)/market")
            let started = ContinuousClock.now
            let error = try await #require(throws: PostgresStoreError.self) {
                try await PostgresStores.open(location, logger: TestMarket.logger)
            }
            // The message tells a refusal from the open's 10 s deadline running out ("timed out"); the time only
            // catches a hang. (A refusal takes milliseconds, but the whole suite at once on 2 cores has delayed
            // this task by 11 s, 33 s and once 66 s: no bound near the deadline holds here.)
            #expect(ContinuousClock.now - started < .seconds(300), "no hang")
            #expect(error.isUnreachable)
            let expected = "cannot reach PostgreSQL at postgres://market@127.0.0.1:\(port)/market: Connection refused"
            #expect(error.message == expected)
        }
    }

    @Test("URLs: TCP, a socket directory, defaults, and what is refused")
    func urls() throws {
        let tcp = try PostgresLocation(url: "postgres://ann:s%40cret@db.example:6543/market?sslmode=require")
        #expect(
            [tcp.username, tcp.password, tcp.host, "\(tcp.port)", tcp.database] == [
                "ann", "s@cret", "db.example", "6543", "market",
            ])
        #expect(tcp.tls == .require && tcp.socketDirectory == nil)
        #expect(tcp.description == "postgres://ann@db.example:6543/market")

        let socket = try PostgresLocation(url: "postgresql://postgres@/market?host=/tmp/pg")
        #expect(socket.socketDirectory == "/tmp/pg" && socket.port == 5432 && socket.tls == .prefer)
        #expect(socket.description == "postgres://postgres@:5432/market?host=/tmp/pg")

        let bare = try PostgresLocation(url: "postgres://localhost")
        #expect(bare.username == "postgres" && bare.database == "postgres")

        for bad in ["mysql://a@b/c", "postgres:///market", "postgres://a:pw@b/c?sslmode=sometimes"] {
            let error = try #require(throws: PostgresStoreError.self) { try PostgresLocation(url: bad) }
            #expect(!error.message.contains("pw@"), "\(error.message)")
        }
    }
}

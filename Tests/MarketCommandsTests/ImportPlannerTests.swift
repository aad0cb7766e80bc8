import Foundation
import Localization
import MarketCommands
import Mocks
import OpenMarketAPI
import Testing

/// The plan of an import against the market as it is: which rows register, change (each field before →
/// after), stay, or are refused — and why, with the form's rules in the user's language and the product
/// commands' exit statuses.
@Suite("Planning an import")
struct ImportPlannerTests {
    static let date = Date(timeIntervalSince1970: 1_700_000_000)

    static func product(_ id: Int, _ name: String, vendor: Int = 1, price: Decimal = 12000, stock: Int = 4) -> ProductSummary {
        ProductSummary(
            id: id, vendorID: vendor, vendorName: "v\(vendor)", name: name, description: "A sturdy one, for years.", thumbnailURL: nil,
            currency: .krw, price: Price(price), bargainPrice: Price(price), discountedPrice: Price(0), stock: stock, createdAt: date,
            issuedAt: date)
    }

    /// The vendor's own: #7 Mug, #8 Cup, and two products both named Twin (#10, #11). #20 is another vendor's; #99 is no product.
    static let mine = [product(7, "Mug"), product(8, "Cup", stock: 0), product(10, "Twin"), product(11, "Twin")]

    static func planner(folder: URL, pictures: [Int: [URL]] = [:]) -> ImportPlanner {
        ImportPlanner(
            mine: mine, vendorID: 1, folder: folder,
            lookUp: { id in id == 20 ? product(20, "Theirs", vendor: 2) : nil },
            pictureAddresses: { id in pictures[id] ?? [] })
    }

    static func plan(_ csv: String, folder: URL, pictures: [Int: [URL]] = [:]) async throws -> ImportPlan {
        try await planner(folder: folder, pictures: pictures).plan(try ProductFileReader.read(Array(csv.utf8), format: .csv))
    }

    @Test("rows with an id change that product or leave it; rows without one change the product of that name or register; each field before → after")
    func steps() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Data(FixturePictures.png(width: 20, height: 10)).write(to: folder.url.appendingPathComponent("pot.png"))
        let plan = try await Self.plan(
            """
            id,name,description,price,discounted_price,currency,stock,pictures
            7,,,9600,,,10,
            ,Cup,,,,,0,
            ,Teapot,A teapot for two people.,"12,000",500,,3,pot.png
            """, folder: folder.url)
        let teapot = NewProduct(name: "Teapot", description: "A teapot for two people.", price: 12000, currency: .krw, discountedPrice: 500, stock: 3)
        #expect(plan.steps == [
            .change(line: 2, before: Self.mine[0], changes: ProductChanges(price: 9600, stock: 10), picturesKept: false),
            .keep(line: 3, before: Self.mine[1], picturesKept: false),
            .register(line: 4, product: teapot, pictures: [.file(folder.url.appendingPathComponent("pot.png").standardizedFileURL.path)]),
        ])
        #expect(plan.refusals.isEmpty && plan.status == 0)
        #expect(plan.lines(in: .english) == [
            "changed    line 2: #7 “Mug” — price 12000 → 9600; stock 4 → 10",
            "unchanged  line 3: #8 “Cup”",
            "new        line 4: “Teapot” — ₩12,000, stock 3, 1 picture",
            "1 new, 1 changed, 1 unchanged, 0 refused",
        ])
        #expect(plan.lines(in: .korean).last == "새 상품 1개, 바뀜 1개, 그대로 1개, 거부 0개")
    }

    @Test("refusals: the form's rules at their columns, in English and Korean; no such product (66); another vendor's (77); the same product twice; a name two products share; a picture that is no picture or is missing (66)")
    func refusals() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Data("not a picture".utf8).write(to: folder.url.appendingPathComponent("notes.txt"))
        let plan = try await Self.plan(
            """
            id,name,description,price,discounted_price,currency,stock,pictures
            7,,,abc,,EUR,,
            99,,,1,,,,
            20,,,1,,,,
            7,,,1,,,,
            ,Twin,,,,,1,
            ,Lamp,Too short,1,,,,notes.txt
            ,Stool,A stool for the kitchen.,1,,,,gone.png
            x,,,,,,,
            """, folder: folder.url)
        #expect(plan.steps.isEmpty)
        #expect(plan.refusals.map { $0.text(in: .english) } == [
            "line 2, column 4 (price): Price must be a number of 0 or more.",
            "line 2, column 6 (currency): Currency must be KRW or USD.",
            "line 3, column 1 (id): no product #99 in this market",
            "line 4, column 1 (id): product #20 is another vendor's",
            "line 5, column 1 (id): the same product as line 2",
            "line 6, column 2 (name): your products #10, #11 have this name: give the id",
            "line 7, column 3 (description): Description must be 10–1000 characters (now 9).",
            "line 7, column 8 (pictures): notes.txt: not a JPEG or PNG picture",
            "line 8, column 8 (pictures): No such file: gone.png",
            "line 9, column 1 (id): the id “x” is not a whole number above 0",
        ])
        #expect(plan.refusals[1].text(in: .korean) == "2행 6열(currency): 통화는 KRW나 USD여야 합니다.")
        #expect(plan.refusals.map(\.status) == [65, 65, 66, 77, 65, 65, 65, 65, 66, 65])
        #expect(plan.status == 65 && plan.counts.refused == 8)
    }

    @Test("a new product twice in one file is refused the second time; pictures: 1 to 5, addresses are http(s)")
    func newRows() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let plan = try await Self.plan(
            """
            name,description,price,pictures
            Lamp,A lamp for the desk.,1,http://market.example/a.jpg
            Lamp,A lamp for the desk.,1,http://market.example/a.jpg
            Stool,A stool for the kitchen.,1,
            Bench,A bench for the garden.,1,ftp://market.example/a.jpg
            """, folder: folder.url)
        let lamp = NewProduct(name: "Lamp", description: "A lamp for the desk.", price: 1, currency: .krw, discountedPrice: 0, stock: 0)
        #expect(plan.steps == [.register(line: 2, product: lamp, pictures: [.address(URL(string: "http://market.example/a.jpg")!)])])
        #expect(plan.refusals.map { $0.text(in: .english) } == [
            "line 3, column 1 (name): the same product as line 2",
            "line 4, column 4 (pictures): Choose 1–5 pictures (now 0).",
            "line 5, column 4 (pictures): ftp://market.example/a.jpg: a picture is a file or an http(s) address",
        ])
    }

    @Test("an exported row names the product's own pictures (by path: the embedded market's port changes): nothing to say; other pictures stay, and the plan says so")
    func pictures() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let own = [URL(string: "http://127.0.0.1:41000/images/1/20261128/a_origin.jpg")!]
        let plan = try await Self.plan(
            """
            id,stock,pictures
            7,4,http://127.0.0.1:39999/images/1/20261128/a_origin.jpg
            8,1,http://elsewhere.example/b.jpg
            """, folder: folder.url, pictures: [7: own, 8: own])
        #expect(plan.steps == [
            .keep(line: 2, before: Self.mine[0], picturesKept: false),
            .change(line: 3, before: Self.mine[1], changes: ProductChanges(stock: 1), picturesKept: true),
        ])
        #expect(plan.lines(in: .english)[1] == "changed    line 3: #8 “Cup” — stock 0 → 1 (its pictures stay: the API cannot change a product's pictures)")
    }
}

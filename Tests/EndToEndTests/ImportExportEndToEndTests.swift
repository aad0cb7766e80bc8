import Foundation
import Mocks
import Testing

/// `openmarket products import|export` against `openmarket serve` as a seller moving a shop drives them: a
/// spreadsheet's file planned (`--dry-run` changes nothing), applied, applied again (nothing changes), exported
/// and read back unchanged; refusals with line and column and nothing written; another vendor's product; a
/// market that dies midway, and the re-run that finishes the rest.
@Suite("openmarket products import and export, end to end")
struct ImportExportEndToEndTests {
    static func products(_ arguments: [String], home: TemporaryDirectory) async throws -> (status: Int32, output: String, errors: String) {
        try await ProductsCommandEndToEndTests.products(arguments, home: home)
    }

    static func count(_ market: ServedMarket) async throws -> Int {
        try #require(try await market.http.send("GET", "/api/products?items_per_page=1").json()["totalCount"] as? Int)
    }

    /// The products the market finds by `name` exactly.
    static func named(_ name: String, _ market: ServedMarket) async throws -> [[String: Any]] {
        let query = name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? name
        let page = try await market.http.send("GET", "/api/products?items_per_page=100&search_value=\(query)").json()
        return (page["pages"] as? [[String: Any]] ?? []).filter { $0["name"] as? String == name }
    }

    @Test("a spreadsheet's CSV (mark, ;, CRLF, a quoted line break, Korean, a picture file and the market's own picture address): planned, applied, applied again unchanged; exported and read back unchanged")
    func roundTrip() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let market = try await ServedMarket.start(dataDirectory: folder.path + "/market")
        defer { market.process.stop() }
        let as_ = ["--server", market.http.base, "--identifier", market.identifier, "--secret", market.secret]
        try FileManager.default.createDirectory(atPath: folder.path + "/pictures", withIntermediateDirectories: true)
        try Data(FixturePictures.png(width: 120, height: 90)).write(to: folder.url.appendingPathComponent("pictures/pot.png"))
        try Data(FixturePictures.jpeg(exactly: 900_000)).write(to: folder.url.appendingPathComponent("pictures/big.jpg"))
        let newest = try #require((try await market.http.send("GET", "/api/products?items_per_page=1").json()["pages"] as? [[String: Any]])?.first)
        let newestID = try #require(newest["id"] as? Int)
        let detail = try await market.http.send("GET", "/api/products/\(newestID)").json()
        let address = try #require((detail["images"] as? [[String: Any]])?.first?["url"] as? String)
        let price = try #require(newest["price"] as? Int)
        let file = folder.url.appendingPathComponent("shop.csv")
        let csv = "\u{FEFF}id;Name;Description;Price;Discount;Currency;Stock;Pictures\r\n"
            + ";\"Import Teapot\";\"A teapot, imported;\r\nwith a second line.\";12000;500;KRW;3;pictures/pot.png | pictures/big.jpg\r\n"
            + ";서울 찻잔;\"서울에서 온 찻잔입니다, 좋아요.\";\"9,000\";;;5;\(address)\r\n"
            + "\(newestID);;;\(price + 1000);;;0;\r\n"
        try Data(csv.utf8).write(to: file)
        let before = try await Self.count(market)

        let dry = try await Self.products(["import", file.path, "--dry-run"] + as_, home: folder)
        #expect(dry.status == 0, "\(dry.errors)")
        let stock = try #require(newest["stock"] as? Int)
        #expect(dry.output.split(separator: "\n").map(String.init) == [
            "new        line 2: “Import Teapot” — ₩12,000, stock 3, 2 pictures",
            "new        line 4: “서울 찻잔” — ₩9,000, stock 5, 1 picture",
            "changed    line 5: #\(newestID) “\(newest["name"] as! String)” — price \(price) → \(price + 1000); stock \(stock) → 0",
        ])
        #expect(dry.errors.contains("2 new, 1 changed, 0 unchanged, 0 refused") && dry.errors.contains("a dry run: nothing was changed"))
        #expect(try await Self.count(market) == before)

        let applied = try await Self.products(["import", file.path] + as_, home: folder)
        #expect(applied.status == 0 && applied.errors.contains("2 registered, 1 changed, 0 unchanged, 0 failed"), "\(applied.errors)")
        #expect(applied.errors.contains("3 of 3 rows"), "progress said: \(applied.errors)")
        #expect(try await Self.count(market) == before + 2)
        let teapot = try #require(try await Self.named("Import Teapot", market).first)
        #expect(teapot["description"] as? String == "A teapot, imported;\nwith a second line." && teapot["discounted_price"] as? Int == 500)
        let teapotDetail = try await market.http.send("GET", "/api/products/\(teapot["id"] as! Int)").json()
        #expect((teapotDetail["images"] as? [Any])?.count == 2)
        let cup = try #require(try await Self.named("서울 찻잔", market).first)
        #expect(cup["price"] as? Int == 9000 && cup["stock"] as? Int == 5)
        let changed = try await market.http.send("GET", "/api/products/\(newestID)").json()
        #expect(changed["price"] as? Int == price + 1000 && changed["stock"] as? Int == 0)

        let again = try await Self.products(["import", file.path] + as_, home: folder)
        #expect(again.status == 0 && again.errors.contains("0 registered, 0 changed, 3 unchanged, 0 failed"), "\(again.errors)")
        #expect(try await Self.count(market) == before + 2)

        // Export the vendor's products, and read the file back: every row is the product as it is.
        let exported = folder.url.appendingPathComponent("mine.csv")
        let export = try await Self.products(["export", "-o", exported.path] + as_, home: folder)
        #expect(export.status == 0, "\(export.errors)")
        let bytes = try [UInt8](Data(contentsOf: exported))
        #expect(bytes.starts(with: [0xEF, 0xBB, 0xBF]) && !FileManager.default.fileExists(atPath: exported.path + ".partial"))
        let mine = try #require(Int(export.errors.firstMatch(of: /(\d+) products exported/)?.1 ?? ""))
        #expect(mine >= 3)
        let back = try await Self.products(["import", exported.path, "--dry-run"] + as_, home: folder)
        #expect(back.status == 0 && back.errors.contains("0 new, 0 changed, \(mine) unchanged, 0 refused"), "\(back.errors)")
        let jsonl = try await Self.products(["export", "--format", "jsonl", "--no-pictures"] + as_, home: folder)
        #expect(jsonl.output.split(separator: "\n").count == mine)
        let listed = folder.url.appendingPathComponent("listed.jsonl")
        try Data(jsonl.output.utf8).write(to: listed)
        let backJSON = try await Self.products(["import", listed.path, "--dry-run"] + as_, home: folder)
        #expect(backJSON.status == 0 && backJSON.errors.contains("0 new, 0 changed, \(mine) unchanged, 0 refused"), "\(backJSON.errors)")
    }

    @Test("refusals: the form's rules at line and column in the user's language, nothing written (65); another vendor's product (77); a 1 GB file refused unread")
    func refusals() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let market = try await ServedMarket.start(dataDirectory: folder.path + "/market")
        defer { market.process.stop() }
        let as_ = ["--server", market.http.base, "--identifier", market.identifier, "--secret", market.secret]
        try Data(FixturePictures.png(width: 40, height: 30)).write(to: folder.url.appendingPathComponent("ok.png"))
        let file = folder.url.appendingPathComponent("bad.csv")
        try Data("name,description,price,currency,pictures\nGood Lamp,A lamp for the desk.,1000,KRW,ok.png\nXY,A lamp for the desk.,abc,KRW,ok.png\n".utf8).write(to: file)
        let before = try await Self.count(market)
        let refused = try await Self.products(["import", file.path] + as_, home: folder)
        #expect(refused.status == 65, "\(refused.errors)")
        #expect(refused.output.contains("refused    line 3, column 1 (name): Name must be 3–100 characters (now 2).")
            && refused.output.contains("refused    line 3, column 3 (price): Price must be a number of 0 or more."), "\(refused.output)")
        #expect(refused.errors.contains("nothing was changed"))
        let korean = try await Self.products(["import", file.path, "--lang", "ko"] + as_, home: folder)
        #expect(korean.status == 65 && korean.output.contains("거부     3행 3열(price): 가격은 0 이상의 숫자여야 합니다."), "\(korean.output)")
        #expect(try await Self.count(market) == before, "nothing half written")

        let stranger = try ServedMarket.addVendor("Stranger", dataDirectory: folder.path + "/market")
        let theirs = folder.url.appendingPathComponent("theirs.csv")
        try Data("id,stock\n1,9\n".utf8).write(to: theirs)
        let notYours = try await Self.products(
            ["import", theirs.path, "--server", market.http.base, "--identifier", stranger.identifier, "--secret", stranger.secret], home: folder)
        #expect(notYours.status == 77 && notYours.output.contains("line 2, column 1 (id): product #1 is another vendor's"), "\(notYours.output) \(notYours.errors)")

        let huge = folder.url.appendingPathComponent("huge.csv")
        #expect(FileManager.default.createFile(atPath: huge.path, contents: Data("name\n".utf8)))
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        let tooBig = try await Self.products(["import", huge.path, "--dry-run"] + as_, home: folder)
        #expect(tooBig.status == 65 && tooBig.errors.contains("the file is 1024 MB; an import reads at most 32 MB"), "\(tooBig.errors)")
    }

    @Test("products restore brings back a product deleted a moment ago, as it was (0); a second time, or one never deleted, 66; another vendor's, 77")
    func restore() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let market = try await ServedMarket.start(dataDirectory: folder.path + "/market")
        defer { market.process.stop() }
        let as_ = ["--server", market.http.base, "--identifier", market.identifier, "--secret", market.secret]
        let newest = try #require((try await market.http.send("GET", "/api/products?items_per_page=1").json()["pages"] as? [[String: Any]])?.first)
        let id = try #require(newest["id"] as? Int)
        let deleted = try await Self.products(["delete", "\(id)", "--yes"] + as_, home: folder)
        #expect(deleted.status == 0, "\(deleted.errors)")
        #expect(try await market.http.send("GET", "/api/products/\(id)").status == 404)
        let stranger = try ServedMarket.addVendor("Stranger", dataDirectory: folder.path + "/market")
        let notYours = try await Self.products(
            ["restore", "\(id)", "--server", market.http.base, "--identifier", stranger.identifier, "--secret", stranger.secret], home: folder)
        #expect(notYours.status == 77, "\(notYours.errors)")
        let restored = try await Self.products(["restore", "\(id)", "--json"] + as_, home: folder)
        #expect(restored.status == 0, "\(restored.errors)")
        let back = try ProductsCommandEndToEndTests.object(restored.output)
        #expect(back["id"] as? Int == id && back["name"] as? String == newest["name"] as? String && (back["images"] as? [Any])?.isEmpty == false)
        #expect(try await market.http.send("GET", "/api/products/\(id)").status == 200)
        let twice = try await Self.products(["restore", "\(id)"] + as_, home: folder)
        #expect(twice.status == 66 && twice.errors.contains("kept for 10 minutes"), "\(twice.errors)")
    }

    @Test("the market dies midway: the lines done and not done are said (69); once it is back, the same file finishes the rest, and nothing is registered twice")
    func midway() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let data = folder.path + "/market"
        var market = try await ServedMarket.start(dataDirectory: data)
        try Data(FixturePictures.jpeg(exactly: 900_000)).write(to: folder.url.appendingPathComponent("big.jpg"))
        let rows = (1...30).map { "Midway Kettle \($0),A kettle for the midway test.,1000,big.jpg" }
        let file = folder.url.appendingPathComponent("kettles.csv")
        try Data((["name,description,price,pictures"] + rows).joined(separator: "\n").utf8).write(to: file)
        let before = try await Self.count(market)
        let as_ = ["--identifier", market.identifier, "--secret", market.secret]
        // The import reaches the market through a relay that lets the first registration through and holds the
        // second: the market dies there, whatever the machine's load. (Holding the import with SIGSTOP between
        // looks at the count left it running while this test's task waited for a thread: under make test's load
        // it once registered all 30 in that time.)
        let script = MCPEndToEndTests.root.appendingPathComponent("Tests/EndToEndTests/Scripts/gate_relay.py").path
        let port = try #require(market.http.base.split(separator: ":").last.map(String.init))
        let relay = try SpawnedProcess(MCPEndToEndTests.python, [script, port, "POST /api/products HTTP", "1"])
        defer { relay.stop() }
        let relayPort = try await relay.waitForOutput { $0.hasSuffix("\n") }.trimmingCharacters(in: .whitespacesAndNewlines)
        let importing = try SpawnedProcess(
            BuiltProducts.openmarket, ["products", "import", file.path, "--server", "http://127.0.0.1:\(relayPort)"] + as_,
            environment: ["OPENMARKET_CONFIG": "", "XDG_CONFIG_HOME": folder.path])
        _ = try await relay.waitForOutput(timeout: .seconds(120)) { $0.contains("held") }
        #expect(try await Self.count(market) == before + 1, "the first kettle is in, the second held")
        _ = market.process.stop(signal: SIGKILL)
        let status = await importing.waitForExit()
        let said = importing.standardError
        #expect(status == 69, "\(said)")
        let stopped = try #require(said.firstMatch(of: /stopped: done ([0-9–, ]+); not done ([0-9–, ]+)/), "\(said)")
        #expect(stopped.1 == "2" && stopped.2 == "3–31", "\(said)")
        #expect(said.contains("importing the same file again finishes the rest"))

        market = try await ServedMarket.start(dataDirectory: data)
        defer { market.process.stop() }
        let rerun = try await Self.products(["import", file.path, "--server", market.http.base] + as_, home: folder)
        #expect(rerun.status == 0, "\(rerun.errors)")
        #expect(try await Self.count(market) == before + 30)
        for number in [1, 15, 30] {
            #expect(try await Self.named("Midway Kettle \(number)", market).count == 1)
        }
    }
}

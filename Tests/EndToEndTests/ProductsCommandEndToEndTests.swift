import Foundation
import Mocks
import Testing

/// `openmarket products` against `openmarket serve` as a shell script drives it: register with pictures,
/// read the market as JSON lines while paging, show, change, refuse with the form's words and sysexits'
/// statuses, delete.
@Suite("openmarket products, end to end")
struct ProductsCommandEndToEndTests {
    /// Runs `openmarket products ARGUMENTS` with no settings file and no saved identity (an empty config home).
    static func products(_ arguments: [String], home: TemporaryDirectory, environment: [String: String] = [:]) async throws
        -> (status: Int32, output: String, errors: String)
    {
        var merged = ["OPENMARKET_CONFIG": "", "XDG_CONFIG_HOME": home.path, "OPENMARKET_IDENTIFIER": "", "OPENMARKET_SECRET": ""]
        merged.removeValue(forKey: "OPENMARKET_IDENTIFIER")
        merged.removeValue(forKey: "OPENMARKET_SECRET")
        for (key, value) in environment { merged[key] = value }
        let process = try SpawnedProcess(BuiltProducts.openmarket, ["products"] + arguments, environment: merged)
        let status = await process.waitForExit()
        return (status, process.standardOutput, process.standardError)
    }

    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
    }

    @Test("add with two pictures (one shrunk), list --all --jsonl finds it among every product, show, edit sends only what changed, delete --yes; mistakes exit 64, 65, 66, 69 and 77 with one line each")
    func script() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let market = try await ServedMarket.start(dataDirectory: folder.path + "/market")
        defer { market.process.stop() }
        let as_ = ["--server", market.http.base, "--identifier", market.identifier, "--secret", market.secret]
        let big = folder.url.appendingPathComponent("big.jpg")
        try Data(FixturePictures.jpeg(exactly: 900_000)).write(to: big)
        let small = folder.url.appendingPathComponent("small.png")
        try Data(FixturePictures.png(width: 120, height: 90)).write(to: small)

        let added = try await Self.products(
            ["add", "--name", "Script Kettle 주전자", "--description", "Registered from a shell loop.", "--price", "12,000", "--discount", "500",
             "--stock", "4", "--picture", big.path, "--picture", small.path] + as_, home: folder)
        #expect(added.status == 0, "\(added.errors)")
        let product = try Self.object(added.output)
        let id = try #require(product["id"] as? Int)
        #expect(product["bargain_price"] as? Int == 11500 && product["currency"] as? String == "KRW" && (product["images"] as? [Any])?.count == 2)
        let stored = try await market.http.send("GET", "/api/products/\(id)").json()
        let first = try #require((stored["images"] as? [[String: Any]])?.first?["url"] as? String)
        let picture = try await market.http.send("GET", ServedMarket.path(of: first))
        #expect(picture.body.count < 300 * 1024, "shrunk as the form shrinks: \(picture.body.count) bytes")

        // Every product as a JSON line, streamed while paging; the count is the market's.
        let listed = try await Self.products(["list", "--all", "--per-page", "7", "--jsonl", "--server", market.http.base], home: folder)
        #expect(listed.status == 0, "\(listed.errors)")
        let lines = listed.output.split(separator: "\n").map(String.init)
        let total = try await market.http.send("GET", "/api/products?items_per_page=1").json()["totalCount"] as? Int
        let objects = try lines.map(Self.object)
        #expect(lines.count == total && Set(objects.map { $0["id"] as! Int }).count == lines.count)
        #expect(objects.contains { $0["name"] as? String == "Script Kettle 주전자" })

        // On a terminal: a table whose names start in one column, Korean names too (two columns a letter).
        let tmux = try TmuxSession(
            command: "env OPENMARKET_CONFIG= XDG_CONFIG_HOME=\(folder.path) \(BuiltProducts.openmarket) products list --per-page 12 --server \(market.http.base)",
            columns: 80, rows: 20)
        let table = try await tmux.waitFor(text: "EXITED:0")
        let rows = table.split(separator: "\n").filter { $0.contains("₩") || $0.contains("$") }
        let nameColumns = Set(rows.map { row in
            // The name is the last field: what follows the last run of two spaces.
            let name = row.components(separatedBy: "  ").filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.last!
            return KoreanEndToEndTests.columns(row[..<row.range(of: name.trimmingCharacters(in: .whitespaces))!.lowerBound])
        })
        #expect(rows.count >= 10 && nameColumns.count == 1, "names start in one column:\n\(table)")
        #expect(table.split(separator: "\n").allSatisfy { KoreanEndToEndTests.columns($0) <= 80 })

        let shown = try await Self.products(["show", "\(id)", "--json", "--server", market.http.base], home: folder)
        let shownObject = try Self.object(shown.output)
        #expect(shownObject["stock"] as? Int == 4)

        let edited = try await Self.products(["edit", "\(id)", "--price", "9.5", "--currency", "USD", "--discount", "0"] + as_, home: folder)
        #expect(edited.status == 0, "\(edited.errors)")
        let after = try Self.object(edited.output)
        #expect(after["price"] as? Double == 9.5 && after["currency"] as? String == "USD" && after["name"] as? String == "Script Kettle 주전자")

        // The form's rules and words, each broken rule a line; nothing sent.
        let refused = try await Self.products(["edit", "\(id)", "--discount", "20"] + as_, home: folder)
        #expect(refused.status == 65 && refused.errors.contains("--discount: Discount can't exceed the price."), "\(refused.errors)")
        let six = try await Self.products(
            ["add", "--name", "Six", "--description", "Six pictures are one too many.", "--price", "1"] + Array(repeating: ["--picture", small.path], count: 6).flatMap { $0 } + as_,
            home: folder)
        #expect(six.status == 65 && six.errors.contains("--picture: Choose 1–5 pictures (now 6)."), "\(six.errors)")
        let notPicture = folder.url.appendingPathComponent("notes.txt")
        try Data("not a picture".utf8).write(to: notPicture)
        let text = try await Self.products(
            ["add", "--name", "Notes", "--description", "A text file is no picture.", "--price", "1", "--picture", notPicture.path] + as_, home: folder)
        #expect(text.status == 65 && text.errors.split(separator: "\n").count == 1, "\(text.errors)")
        let missing = try await Self.products(
            ["add", "--name", "Ghost", "--description", "Its picture is nowhere.", "--price", "1", "--picture", folder.path + "/none.jpg"] + as_, home: folder)
        #expect(missing.status == 66, "\(missing.errors)")
        let noIdentity = try await Self.products(["edit", "\(id)", "--stock", "1", "--server", market.http.base], home: folder)
        #expect(noIdentity.status == 77 && noIdentity.errors.contains("needs a vendor identity"), "\(noIdentity.errors)")
        let stranger = try SpawnedProcess.run(BuiltProducts.openmarket, ["vendor", "add", "Stranger", "--data-dir", folder.path + "/market"])
        let identifier = try #require(stranger.output.firstMatch(of: /identifier  (\S+)/)?.1)
        let secret = try #require(stranger.output.firstMatch(of: /secret +(\S+)/)?.1)
        let notYours = try await Self.products(
            ["edit", "\(id)", "--stock", "1", "--server", market.http.base, "--identifier", String(identifier), "--secret", String(secret)], home: folder)
        #expect(notYours.status == 77, "\(notYours.errors)")
        let usage = try await Self.products(["list", "--page", "2", "--all"], home: folder)
        #expect(usage.status == 64 && usage.errors.contains("--page and --all go apart"))
        let down = try await Self.products(["list", "--server", "http://127.0.0.1:9"], home: folder)
        #expect(down.status == 69 && down.errors.contains("127.0.0.1:9"), "\(down.errors)")

        let deleted = try await Self.products(["delete", "\(id)", "--yes"] + as_, home: folder)
        let deletedObject = try Self.object(deleted.output)
        #expect(deleted.status == 0 && deletedObject["id"] as? Int == id, "\(deleted.errors)")
        let gone = try await Self.products(["show", "\(id)", "--server", market.http.base], home: folder)
        #expect(gone.status == 66 && gone.errors.contains("404"), "\(gone.errors)")
    }
}

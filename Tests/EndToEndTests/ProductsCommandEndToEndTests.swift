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
            columns: 52, rows: 20)
        let table = try await tmux.waitFor(text: "EXITED:0")
        let rows = table.split(separator: "\n").filter { $0.contains("₩") || $0.contains("$") }
        let nameColumns = Set(rows.map { row in
            // The name is the last field: what follows the last run of two spaces.
            let name = row.components(separatedBy: "  ").filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.last!
            return KoreanEndToEndTests.columns(row[..<row.range(of: name.trimmingCharacters(in: .whitespaces))!.lowerBound])
        })
        #expect(rows.count >= 10 && nameColumns.count == 1, "names start in one column:\n\(table)")
        // The terminal's width, read from it (no COLUMNS in the environment): long names are cut to fit.
        #expect(table.split(separator: "\n").allSatisfy { KoreanEndToEndTests.columns($0) <= 52 }, "\(table)")
        #expect(rows.contains { $0.hasSuffix("…") }, "a name cut to the window:\n\(table)")
        // Narrower: the vendor gives way to the name, then goes; the prices stay whole, no line is wider.
        for (columns, vendor) in [(44, true), (34, false)] {
            let narrow = try TmuxSession(
                command: "env OPENMARKET_CONFIG= XDG_CONFIG_HOME=\(folder.path) \(BuiltProducts.openmarket) products list --per-page 12 --server \(market.http.base)",
                columns: columns, rows: 20)
            let screen = try await narrow.waitFor(text: "EXITED:0")
            let lines = screen.split(separator: "\n").filter { $0.contains("₩") || $0.contains("$") || $0.contains("PRICE") }
            #expect(lines.count >= 10 && lines.allSatisfy { KoreanEndToEndTests.columns($0) <= columns }, "\(columns):\n\(screen)")
            #expect(lines.first?.contains("VENDOR") == vendor && lines.first?.hasSuffix("NAME") == true, "\(columns):\n\(screen)")
            #expect(lines.dropFirst().allSatisfy { $0.contains(#/[₩$][0-9,.]+ /#) }, "prices whole at \(columns):\n\(screen)")
        }

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
        let stranger = try ServedMarket.addVendor("Stranger", dataDirectory: folder.path + "/market")
        let notYours = try await Self.products(
            ["edit", "\(id)", "--stock", "1", "--server", market.http.base, "--identifier", stranger.identifier, "--secret", stranger.secret], home: folder)
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

    @Test("every command's statuses: 69 for a market that is down, 64 for usage, 65 for the form's rules, 77 for no identity or another vendor's product (a write of nothing new too); nothing half-registered; a named server of the settings file with its identity")
    func statuses() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let market = try await ServedMarket.start(dataDirectory: folder.path + "/market")
        defer { market.process.stop() }
        let as_ = ["--server", market.http.base, "--identifier", market.identifier, "--secret", market.secret]
        let picture = folder.url.appendingPathComponent("small.png")
        try Data(FixturePictures.png(width: 120, height: 90)).write(to: picture)
        let count = { try await market.http.send("GET", "/api/products?items_per_page=1").json()["totalCount"] as? Int }
        let before = try await count()
        let kettle = ["add", "--name", "Bad Kettle", "--description", "Each of these is refused.", "--price", "1000", "--picture", picture.path]

        let down = ["--server", "http://127.0.0.1:9", "--identifier", market.identifier, "--secret", market.secret]
        for arguments in [["show", "1"], kettle, ["edit", "1", "--stock", "2"], ["delete", "1", "--yes"], ["list"]] {
            let answer = try await Self.products(arguments + down, home: folder)
            #expect(answer.status == 69 && answer.errors.contains("127.0.0.1:9"), "\(arguments[0]): \(answer.status) \(answer.errors)")
            #expect(answer.errors.split(separator: "\n").count == 1 && answer.output.isEmpty)
        }
        let usages: [([String], String)] = [
            (["show", "0"], "ID must be a whole number above 0"), (["list", "--sort", "cheapest"], "--sort must be"),
            (["edit", "3"], "nothing to change"), (["delete", "3"], "--yes is needed"), (["list", "--per-page", "500"], "--per-page"),
        ]
        for (arguments, words) in usages {
            let answer = try await Self.products(arguments + as_, home: folder)
            #expect(answer.status == 64 && answer.errors.contains(words), "\(arguments): \(answer.status) \(answer.errors)")
        }
        let rules: [([String], String)] = [
            (kettle + ["--price", "a lot"], "--price: Price must be a number of 0 or more."),
            (kettle + ["--currency", "EUR"], "--currency: Currency must be KRW or USD."),
            (kettle + ["--stock=-3"], "--stock:"),
        ]
        for (arguments, words) in rules {
            let answer = try await Self.products(arguments + as_, home: folder)
            #expect(answer.status == 65 && answer.errors.contains(words), "\(arguments): \(answer.status) \(answer.errors)")
        }
        let noIdentity = ["--server", market.http.base]
        for arguments in [kettle, ["delete", "3", "--yes"]] {
            let answer = try await Self.products(arguments + noIdentity, home: folder)
            #expect(answer.status == 77 && answer.errors.contains("needs a vendor identity"), "\(arguments[0]): \(answer.errors)")
        }
        // Another vendor's product: refused, also when the edit would change nothing.
        let stranger = try ServedMarket.addVendor("Stranger", dataDirectory: folder.path + "/market")
        let asStranger = ["--server", market.http.base, "--identifier", stranger.identifier, "--secret", stranger.secret]
        let demoProduct = try await market.http.send("GET", "/api/products?items_per_page=1").json()
        let theirs = try #require((demoProduct["pages"] as? [[String: Any]])?.first)
        let theirID = try #require(theirs["id"] as? Int)
        let theirStock = try #require(theirs["stock"] as? Int)
        for arguments in [["edit", "\(theirID)", "--stock", "\(theirStock)"], ["edit", "\(theirID)", "--stock", "1"], ["delete", "\(theirID)", "--yes"]] {
            let answer = try await Self.products(arguments + asStranger, home: folder)
            #expect(answer.status == 77 && answer.errors.contains("another vendor"), "\(arguments): \(answer.status) \(answer.errors)")
        }
        #expect(try await count() == before, "nothing half-registered")
        let unchanged = try await market.http.send("GET", "/api/products/\(theirID)").json()
        #expect(unchanged["stock"] as? Int == theirStock)
        // Its own product, nothing new: done (0), the product as it is.
        let same = try await Self.products(["edit", "\(theirID)", "--stock", "\(theirStock)", "--json"] + as_, home: folder)
        let sameObject = try Self.object(same.output)
        #expect(same.status == 0 && sameObject["stock"] as? Int == theirStock, "\(same.errors)")

        // A server named in the settings file, with its identity: the commands find both.
        let config = folder.url.appendingPathComponent("config.yaml")
        try """
            servers:
              shop:
                url: \(market.http.base)
                identifier: \(market.identifier)
                secret: \(market.secret)
            """.write(to: config, atomically: true, encoding: .utf8)
        let named = try await Self.products(
            ["add", "--name", "Named Kettle", "--description", "Added through a named server.", "--price", "3000", "--picture", picture.path,
             "--server", "shop", "--json"], home: folder, environment: ["OPENMARKET_CONFIG": config.path])
        #expect(named.status == 0, "\(named.errors)")
        let namedID = try #require(try Self.object(named.output)["id"] as? Int)
        #expect(try await count() == (before ?? 0) + 1)
        let removed = try await Self.products(["delete", "\(namedID)", "--yes", "--server", "shop"], home: folder, environment: ["OPENMARKET_CONFIG": config.path])
        #expect(removed.status == 0, "\(removed.errors)")
        let unknown = try await Self.products(["list", "--server", "shopp"], home: folder, environment: ["OPENMARKET_CONFIG": config.path])
        #expect(unknown.status != 0 && unknown.errors.contains("shop"), "the nearest name: \(unknown.errors)")
    }

    @Test("--jsonl is written while paging: the first page's lines are out while the second page is held back by the market")
    func streams() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let release = folder.url.appendingPathComponent("release")
        let script = MCPEndToEndTests.root.appendingPathComponent("Tests/EndToEndTests/Scripts/held_pages.py").path
        let market = try SpawnedProcess(MCPEndToEndTests.python, [script, release.path])
        defer { market.stop() }
        let port = try await market.waitForOutput { $0.hasSuffix("\n") }.trimmingCharacters(in: .whitespacesAndNewlines)
        let listing = try SpawnedProcess(
            BuiltProducts.openmarket, ["products", "list", "--all", "--jsonl", "--per-page", "2", "--server", "http://127.0.0.1:\(port)", "--timeout", "600"],
            environment: ["OPENMARKET_CONFIG": "", "XDG_CONFIG_HOME": folder.path])
        // A command that kept its lines until the end would write nothing while page 2 is held. Held for as long
        // as the test takes (--timeout 600): once, under make test's load, this test's task waited past the
        // default 15 s between seeing page 1 and looking again, and the listing had given up on page 2.
        let early = try await listing.waitForOutput { $0.split(separator: "\n").count >= 2 }.split(separator: "\n")
        try await Task.sleep(for: .milliseconds(300))
        #expect(!listing.hasExited, "still paging: page 2 is held")
        #expect(early.count == 2 && early.compactMap { try? Self.object(String($0))["id"] as? Int } == [4, 3], "\(early)")
        #expect(FileManager.default.createFile(atPath: release.path, contents: Data()))
        #expect(await listing.waitForExit() == 0, "\(listing.standardError)")
        let all = listing.standardOutput.split(separator: "\n").compactMap { try? Self.object(String($0))["id"] as? Int }
        #expect(all == [4, 3, 2, 1])
    }
}

import Foundation
import Mocks
import Testing

/// `openmarket mcp` driven by a real MCP client (the `mcp` package from PyPI, installed by `make deps`) over
/// stdio, against `openmarket serve`: the tools and their schemas, each tool called, refusals explained.
@Suite("openmarket mcp, with a real MCP client")
struct MCPEndToEndTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let python = root.appendingPathComponent(".build-tools/venv/bin/python").path
    static let script = root.appendingPathComponent("Tests/EndToEndTests/Scripts/mcp_client.py").path

    /// What the client saw (its JSON), run with `arguments` after `openmarket mcp`; `extra`: another vendor's
    /// product and a file that is no picture, for the bad input.
    static func client(_ arguments: [String], picture: String, extra: [String] = []) async throws -> [String: Any] {
        let process = try SpawnedProcess(python, [script, BuiltProducts.openmarket, picture] + extra + ["--"] + arguments)
        let status = await process.waitForExit()
        #expect(status == 0, "\(process.standardError.suffix(3000))")
        let line = try #require(process.standardOutput.split(separator: "\n").last.map(String.init), "no output")
        return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    @Test("with an identity: six tools with schemas; search, list and show (its pictures as image content); register, edit, delete; broken rules, bad input of every kind and another vendor's product come back as errors that say why, and nothing is registered")
    func tools() async throws {
        #expect(FileManager.default.isExecutableFile(atPath: Self.python), "make deps makes .build-tools/venv")
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let market = try await ServedMarket.start(dataDirectory: folder.path + "/market")
        defer { market.process.stop() }
        let picture = folder.url.appendingPathComponent("kettle.jpg")
        try Data(FixturePictures.jpeg(width: 320, height: 240)).write(to: picture)
        let notPicture = folder.url.appendingPathComponent("notes.txt")
        try Data("not a picture".utf8).write(to: notPicture)
        // Another vendor's product.
        let stranger = try ServedMarket.addVendor("Stranger", dataDirectory: folder.path + "/market")
        let foreign = try await ProductsCommandEndToEndTests.products(
            ["add", "--name", "Stranger's Lamp", "--description", "Not the agent's to change.", "--price", "5000", "--picture", picture.path,
             "--server", market.http.base, "--identifier", stranger.identifier, "--secret", stranger.secret], home: folder)
        let foreignID = try #require(try ProductsCommandEndToEndTests.object(foreign.output)["id"] as? Int, "\(foreign.errors)")
        let seen = try await Self.client(
            ["--server", market.http.base, "--identifier", market.identifier, "--secret", market.secret], picture: picture.path,
            extra: ["\(foreignID)", notPicture.path])
        #expect(seen["tools"] as? [String] == ["delete_product", "edit_product", "list_products", "register_product", "search_products", "show_product"])
        let schemas = try #require(seen["schemas"] as? [String: [String: Any]])
        #expect((schemas["register_product"]?["required"] as? [String]) == ["name", "description", "price", "pictures"])
        let found = try #require((seen["search"] as? [String: Any])?["products"] as? [[String: Any]])
        #expect(!found.isEmpty && found.allSatisfy { "\($0["name"] ?? "") \($0["description"] ?? "")".lowercased().contains("set") }, "\(found.count) found")
        let listed = try #require((seen["list"] as? [String: Any])?["products"] as? [[String: Any]])
        #expect(listed.count == 3 && (listed.map { $0["bargain_price"] as! Double }) == listed.map { $0["bargain_price"] as! Double }.sorted())
        let shown = try #require(seen["show"] as? [String: Any])
        #expect((shown["text"] as? [String: Any])?["id"] as? Int == listed[0]["id"] as? Int)
        let pictures = try await market.http.send("GET", "/api/products/\(listed[0]["id"] as! Int)").json()["images"] as? [Any]
        let images = shown["images"] as? [String] ?? []
        #expect(images.count == min(5, pictures?.count ?? 0) && images.allSatisfy { ["image/jpeg", "image/png"].contains($0) }, "every picture: \(images)")
        let refused = try #require(seen["refused"] as? [String: Any])
        let said = (refused["text"] as? [String])?.joined() ?? ""
        #expect(refused["isError"] as? Bool == true && said.contains("name: Name must be 3–100 characters (now 2).") && said.contains("pictures: Choose 1–5 pictures (now 0)."), "\(said)")
        let registered = try #require(seen["registered"] as? [String: Any])
        #expect(registered["name"] as? String == "Agent Kettle" && (registered["images"] as? [Any])?.count == 1)
        let edited = try #require(seen["edited"] as? [String: Any])
        #expect(edited["price"] as? Double == 9.5 && edited["currency"] as? String == "USD")
        let over = try #require(seen["over"] as? [String: Any])
        #expect(over["isError"] as? Bool == true && ((over["text"] as? [String])?.joined() ?? "").contains("discount: Discount can't exceed the price."))
        #expect((seen["deleted"] as? [String: Any])?["id"] as? Int == registered["id"] as? Int)
        let gone = try #require(seen["gone"] as? [String: Any])
        #expect(gone["isError"] as? Bool == true && ((gone["text"] as? [String])?.joined() ?? "").contains("404"))

        // Bad input: each refused in one line naming the problem; nothing registered.
        let bad = try #require(seen["bad"] as? [String: Any])
        func refusal(_ name: String) -> String {
            let answer = bad[name] as? [String: Any]
            #expect(answer?["isError"] as? Bool == true, "\(name): \(answer ?? [:])")
            return answer?["text"] as? String ?? ""
        }
        #expect(refusal("price").contains("price: Price must be a number of 0 or more."))
        #expect(refusal("currency").contains("currency: Currency must be KRW or USD."))
        #expect(refusal("sixth").contains("pictures: Choose 1–5 pictures (now 6)."))
        #expect(refusal("not_picture").contains("notes.txt"), "\(refusal("not_picture"))")
        #expect(refusal("no_file").contains("/nonexistent/kettle.jpg"))
        for name in ["foreign_edit", "foreign_same", "foreign_delete"] {
            #expect(refusal(name).contains("another vendor"), "\(name): \(refusal(name))")
        }
        #expect(refusal("page_zero").contains("page must be 1 or more"))
        #expect(bad["added"] as? Int == 0, "nothing half-registered")
        let still = try await market.http.send("GET", "/api/products/\(foreignID)").json()
        #expect(still["stock"] as? Int == 0 && still["name"] as? String == "Stranger's Lamp", "the other vendor's product unchanged")
    }

    @Test("a market that is down: the listing comes back as an error naming where it looked")
    func down() async throws {
        let seen = try await Self.client(["--server", "http://127.0.0.1:9"], picture: "down")
        let down = try #require(seen["down"] as? [String: Any])
        #expect(down["isError"] as? Bool == true && (down["text"] as? String ?? "").contains("127.0.0.1:9"), "\(down)")
    }

    @Test("without an identity only the reading tools are offered")
    func readOnly() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let market = try await ServedMarket.start(dataDirectory: folder.path + "/market")
        defer { market.process.stop() }
        let seen = try await Self.client(["--server", market.http.base], picture: "/nonexistent.jpg")
        #expect(seen["tools"] as? [String] == ["list_products", "search_products", "show_product"])
        #expect(seen["registered"] == nil)
        let unoffered = try #require(seen["unoffered"] as? [String: Any])
        #expect(unoffered["isError"] as? Bool == true && (unoffered["text"] as? String ?? "").contains("needs a vendor identity"), "\(unoffered)")
    }

    /// The libraries `binary` names as needed (its ELF dynamic section, read by readelf).
    static func needed(_ binary: String) async throws -> [String] {
        let process = try SpawnedProcess("/usr/bin/readelf", ["--dynamic", "--wide", binary])
        #expect(await process.waitForExit() == 0, "\(process.standardError)")
        return process.standardOutput.split(separator: "\n").filter { $0.contains("(NEEDED)") }.compactMap { line in
            line.split(separator: "[").last?.split(separator: "]").first.map(String.init)
        }
    }

    @Test("the browser's binary does not load the MCP SDK's networking (FoundationNetworking and libcurl's thirty libraries); openmarket-mcp does, and no ncurses")
    func linkedApart() async throws {
        let browser = try await Self.needed(BuiltProducts.openmarket)
        #expect(browser.contains { $0.hasPrefix("libncursesw") }, "the reading works: \(browser)")
        #expect(!browser.contains { $0.contains("curl") || $0.contains("FoundationNetworking") }, "\(browser)")
        let server = try await Self.needed(BuiltProducts.mcp)
        #expect(server.contains { $0.contains("curl") || $0.contains("FoundationNetworking") }, "\(server)")
        #expect(!server.contains { $0.hasPrefix("libncurses") || $0.hasPrefix("libtinfo") }, "the MCP server draws nothing: \(server)")
    }

    @Test("openmarket mcp with no openmarket-mcp beside it: one line naming where it looked, exit 69, nothing on standard output")
    func serverMissing() async throws {
        // A hard link of the binary, alone in a folder beside the build's (the same file system).
        let built = URL(fileURLWithPath: BuiltProducts.openmarket)
        let alone = built.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("mcp-alone-\(getpid())")
        try FileManager.default.createDirectory(at: alone, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: alone) }
        let binary = alone.appendingPathComponent("openmarket")
        try FileManager.default.linkItem(at: built, to: binary)
        let process = try SpawnedProcess(binary.path, ["mcp", "--server", "http://127.0.0.1:9"])
        #expect(await process.waitForExit() == 69)
        let expected = "openmarket: openmarket-mcp is needed beside this program, at \(alone.path)/openmarket-mcp: No such file or directory (`make install` installs both)"
        #expect(process.standardError.split(separator: "\n").map(String.init) == [expected])
        #expect(process.standardOutput.isEmpty)
    }

    @Test("help and option mistakes are the same from openmarket mcp and openmarket-mcp (the mistake's status 64)")
    func sameCommand() async throws {
        for arguments in [["--help"], ["--identifier", "only-one"]] {
            let viaBrowser = try SpawnedProcess(BuiltProducts.openmarket, ["mcp"] + arguments)
            let direct = try SpawnedProcess(BuiltProducts.mcp, arguments)
            let status = await viaBrowser.waitForExit()
            #expect(await direct.waitForExit() == status)
            #expect(status == (arguments == ["--help"] ? 0 : 64))
            #expect(viaBrowser.standardOutput == direct.standardOutput)
            #expect(viaBrowser.standardError == direct.standardError)
        }
        let help = try SpawnedProcess(BuiltProducts.openmarket, ["mcp", "--help"])
        _ = await help.waitForExit()
        #expect(help.standardOutput.contains("USAGE: openmarket mcp [--server <server>]"))
        let wrong = try SpawnedProcess(BuiltProducts.mcp, ["--identifier", "only-one"])
        _ = await wrong.waitForExit()
        #expect(wrong.standardError.contains("--identifier and --secret go together"))
    }

    @Test("requests written before the client closes its side are all answered, every time of 10: the list of tools and two tool calls")
    func answersAfterEndOfInput() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let market = try await ServedMarket.start(dataDirectory: folder.path + "/market")
        defer { market.process.stop() }
        let requests = [
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-03-26","capabilities":{},"clientInfo":{"name":"pipe","version":"1"}}}"#,
            #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#,
            #"{"jsonrpc":"2.0","id":"list","method":"tools/call","params":{"name":"list_products","arguments":{"per_page":3}}}"#,
            #"{"jsonrpc":"2.0","id":"search","method":"tools/call","params":{"name":"search_products","arguments":{"query":"mug"}}}"#,
        ]
        for run in 1...10 {
            let process = try SpawnedProcess(
                BuiltProducts.openmarket, ["mcp", "--server", market.http.base],
                environment: ["OPENMARKET_CONFIG": "", "XDG_CONFIG_HOME": "/nonexistent"], pipeInput: true)
            process.type(requests.joined(separator: "\n") + "\n")
            process.closeInput()
            #expect(await process.waitForExit() == 0)
            let answers = process.standardOutput.split(separator: "\n").compactMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }
            let ids = Set(answers.map { "\($0["id"] ?? "none")" })
            #expect(ids == ["1", "2", "list", "search"], "run \(run): \(process.standardOutput.suffix(600))")
            let calls = answers.filter { $0["id"] as? String != nil }.compactMap { $0["result"] as? [String: Any] }
            #expect(calls.count == 2 && calls.allSatisfy { $0["isError"] as? Bool != true }, "run \(run): \(calls)")
        }
    }
}

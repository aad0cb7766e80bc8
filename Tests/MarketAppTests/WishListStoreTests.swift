import Foundation
import MarketApp
import MarketFeatures
import Mocks
import Synchronization
import OpenMarketAPI
import TerminalUI
import Testing

/// The wish list between runs: a file per market in the data directory, written whole; a damaged one set
/// aside; and the runtime that looks at kept products and says what changed.
@Suite("Keeping the wish list")
struct WishListStoreTests {
    static func kept(_ id: Int, price: String = "2000", stock: Int = 3) -> WishedProduct {
        WishedProduct(id: id, name: "Item \(id)", currency: "KRW", price: price, bargainPrice: price, stock: stock)
    }

    final class Lines: Sendable {
        let lines = Mutex<[String]>([])
        func add(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    @Test("saved and loaded again, exact prices and all; an older save that arrives late is dropped; each market has its file")
    func roundTrip() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = FileWishListStore(directory: folder.url, market: "http://m.test:8080", log: { _ in })
        #expect(await store.load().isEmpty, "no file yet")
        let products = [Self.kept(1, price: "9.99"), Self.kept(2, stock: 0)]
        await store.save(products, generation: 2)
        await store.save([Self.kept(3)], generation: 1)
        #expect(await FileWishListStore(directory: folder.url, market: "http://m.test:8080", log: { _ in }).load() == products)
        #expect(store.url.lastPathComponent == "http_m.test_8080.json")
        #expect(await FileWishListStore(directory: folder.url, market: "embedded", log: { _ in }).load().isEmpty)
        let mode = try FileManager.default.attributesOfItem(atPath: store.url.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: store.url.deletingLastPathComponent().path)
        #expect(leftovers == ["http_m.test_8080.json"], "no temporary file left: \(leftovers)")
    }

    @Test("a file that cannot be written: held by the session and said so, with a log line; kept in the file again once a save goes through")
    func unwritable() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let lines = Lines()
        let store = FileWishListStore(directory: folder.url, market: "http://m.test", log: lines.add)
        #expect(await store.load().isEmpty && store.place == .file)
        // A file where the wish lists' folder should be: no write can go through, even as root.
        let blocker = folder.url.appendingPathComponent("wishlists")
        #expect(FileManager.default.createFile(atPath: blocker.path, contents: Data("not a folder".utf8)))
        await store.save([Self.kept(1)], generation: 1)
        #expect(await store.currentPlace() == .fileUnwritable)
        #expect(lines.all.contains { $0.contains("could not be saved") }, "\(lines.all)")
        try FileManager.default.removeItem(at: blocker)
        await store.save([Self.kept(1), Self.kept(2)], generation: 2)
        #expect(await store.currentPlace() == .file)
        #expect(await FileWishListStore(directory: folder.url, market: "http://m.test", log: { _ in }).load().map(\.id) == [1, 2])
    }

    @Test("a damaged file (not JSON, another shape, another version) is set aside with one log line; a new list starts")
    func damaged() async throws {
        for text in ["{\"version\":1,\"products\":[{\"id\":", "[1,2,3]", "{\"version\":2,\"market\":\"x\",\"products\":[]}"] {
            let folder = try TemporaryDirectory()
            defer { folder.remove() }
            let lines = Lines()
            let store = FileWishListStore(directory: folder.url, market: "embedded", log: { lines.add($0) })
            try FileManager.default.createDirectory(at: store.url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: store.url)
            #expect(await store.load().isEmpty)
            #expect(lines.all.count == 1 && lines.all[0].contains("set aside as embedded.damaged-"), "\(lines.all)")
            let names = try FileManager.default.contentsOfDirectory(atPath: store.url.deletingLastPathComponent().path)
            #expect(names.count == 1 && names[0].hasPrefix("embedded.damaged-") && names[0].hasSuffix(".json"))
            await store.save([Self.kept(4)], generation: 1)
            #expect(await store.load() == [Self.kept(4)])
        }
    }

    @Test("damaged three times within a second: three files set aside, none over another")
    func damagedAgain() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = FileWishListStore(directory: folder.url, market: "embedded", log: { _ in })
        try FileManager.default.createDirectory(at: store.url.deletingLastPathComponent(), withIntermediateDirectories: true)
        for round in 1...3 {
            try Data("damaged \(round)".utf8).write(to: store.url)
            #expect(await store.load().isEmpty)
        }
        let folderPath = store.url.deletingLastPathComponent().path
        let names = try FileManager.default.contentsOfDirectory(atPath: folderPath).filter { $0.contains("damaged") }
        let contents = Set(try names.map { try String(contentsOfFile: folderPath + "/" + $0, encoding: .utf8) })
        // Within one second the names differ by a counter; across a second boundary by the time.
        #expect(contents == ["damaged 1", "damaged 2", "damaged 3"], "\(names)")
        #expect(!FileManager.default.fileExists(atPath: store.url.path))
    }

    @Test("at start the runtime looks at the kept products: a cheaper one makes a banner, a 404 marks one gone, and the list is saved so")
    func looksAtStart() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = FileWishListStore(directory: folder.url, market: "http://m.test", log: { _ in })
        await store.save([Self.kept(3), Self.kept(9)], generation: 1)
        let transport = MockTransport()
        transport.enqueue("GET", "/api/products", .json(BrowserRuntimeTests.pageJSON(ids: [3, 2, 1])))
        let detail = BrowserRuntimeTests.pageJSON(ids: [3]).firstMatch(of: /\[(\{.*\})\]/.dotMatchesNewlines())!.1
        transport.enqueue("GET", "/api/products/3", .json(String(detail)))
        transport.enqueue("GET", "/api/products/9", .json(#"{"code":404,"message":"no product 9"}"#, status: 404))
        let client = OpenMarketClient(baseURL: URL(string: "http://m.test")!, transport: transport)
        let terminal = FakeTerminal()
        var configuration = BrowserConfiguration(pollInterval: .seconds(3600))
        configuration.wishList = store
        let runtime = BrowserRuntime(client: client, terminal: terminal, configuration: configuration, clock: ManualClock())
        let running = Task { await runtime.run() }
        let probe = BrowserRuntimeTests()
        try await probe.waitUntil("the banner") {
            terminal.lastFrame?.trimmedLines().contains { $0.contains("♥ Item 3: ₩2,000 → ₩1,000, price dropped · 1 more · F wish list") } == true
        }
        try await probe.waitUntil("the save") { FileManager.default.contents(atPath: store.url.path).map { String(decoding: $0, as: UTF8.self).contains("\"gone\" : true") } == true }
        terminal.type(.key(.character("F")))
        try await probe.waitUntil("the list") {
            terminal.lastFrame?.trimmedLines().contains { $0.contains("Item 9") && $0.contains("gone from the market") } == true
        }
        #expect(terminal.lastFrame?.trimmedLines().contains { $0.contains("♥ Item 3:") } == false, "seen: the banner went")
        terminal.type(.key(.escape))
        terminal.type(.key(.character("q")))
        await running.value
        let saved = await FileWishListStore(directory: folder.url, market: "http://m.test", log: { _ in }).load()
        #expect(saved.map(\.bargainPrice) == ["1000", "2000"] && saved.map(\.gone) == [false, true])
        #expect(transport.unexpectedRequests.isEmpty)
    }

    @Test("kept by the market: a list that could not be read is never written over — the first save reads it again and keeps both; while it cannot be read nothing is written")
    func marketNeverWipes() async throws {
        let owner = String(repeating: "a", count: 40)
        let path = "/api/wishlists/\(owner)"
        let keptJSON = #"{"version":1,"products":[{"id":7,"name":"Item 7","currency":"KRW","price":"2000","bargainPrice":"2000","stock":3,"gone":false}]}"#
        let lines = Lines()
        let transport = MockTransport()
        transport.enqueue("GET", path, .json(#"{"code":503,"message":"away"}"#, status: 503))
        transport.enqueue("GET", path, .json(keptJSON))
        transport.enqueue("PUT", path, .json(keptJSON))
        let client = OpenMarketClient(baseURL: URL(string: "http://m.test")!, transport: transport)
        let store = MarketWishListStore(client: client, owner: owner, log: lines.add)
        #expect(await store.load().isEmpty)
        #expect(lines.all.contains { $0.contains("could not be read") && $0.contains("not written over") }, "\(lines.all)")
        #expect(lines.all.allSatisfy { !$0.contains("FetchFailure") } && lines.all.contains { $0.contains("away") }, "the reason in words: \(lines.all)")
        #expect(await store.currentPlace() == .marketAway, "not said to be kept by the market while it cannot be read")
        await store.save([Self.kept(3)], generation: 1)
        #expect(await store.currentPlace() == .visitorKey, "kept once the save went through")
        #expect(transport.requests.map(\.method) == ["GET", "GET", "PUT"])
        let put = try #require(transport.requests.last?.body)
        let sent = try JSONSerialization.jsonObject(with: Data(put)) as? [String: Any]
        #expect((sent?["products"] as? [[String: Any]])?.compactMap { $0["id"] as? Int } == [3, 7], "this session's and the kept one")
        #expect(transport.unexpectedRequests.isEmpty)

        let down = MockTransport()
        down.enqueue("GET", path, .json(#"{"code":404,"message":"no such route"}"#, status: 404))
        down.enqueue("GET", path, .json(#"{"code":404,"message":"no such route"}"#, status: 404))
        let absent = MarketWishListStore(
            client: OpenMarketClient(baseURL: URL(string: "http://m.test")!, transport: down), owner: owner, log: lines.add)
        #expect(await absent.load().isEmpty)
        await absent.save([Self.kept(3)], generation: 1)
        #expect(await absent.currentPlace() == .marketAway)
        #expect(down.requests.map(\.method) == ["GET", "GET"], "a market without wish lists is never sent one")
        #expect(lines.all.contains { $0.contains("is not saved") }, "\(lines.all)")
        #expect(down.unexpectedRequests.isEmpty)
    }

    /// A browser kept by the market whose save of the wish list answers with `put`; its first page shown.
    static func browserKeptByMarket(put: MockTransport.Reply) async throws
        -> (transport: MockTransport, terminal: FakeTerminal, store: MarketWishListStore, watch: LoopWatch, running: Task<BrowserRuntime.LeftChoices, Never>, path: String)
    {
        let owner = String(repeating: "b", count: 40)
        let path = "/api/wishlists/\(owner)"
        let transport = MockTransport()
        transport.enqueue("GET", "/api/products", .json(BrowserRuntimeTests.pageJSON(ids: [3, 2, 1])))
        transport.enqueue("GET", path, .json(#"{"version":1,"products":[]}"#))
        transport.enqueue("PUT", path, put)
        let client = OpenMarketClient(baseURL: URL(string: "http://m.test")!, transport: transport)
        let store = MarketWishListStore(client: client, owner: owner, log: { _ in })
        let terminal = FakeTerminal()
        var configuration = BrowserConfiguration(pollInterval: .seconds(3600))
        configuration.wishList = store
        let watch = LoopWatch()
        configuration.watch = watch
        let runtime = BrowserRuntime(client: client, terminal: terminal, configuration: configuration, clock: ManualClock())
        let running = Task { await runtime.run() }
        try await BrowserRuntimeTests().waitUntil("the first page") { terminal.lastFrame?.trimmedLines().joined().contains("Item 3") == true }
        return (transport, terminal, store, watch, running, path)
    }

    @Test("f, then q at once: the market's save of the wish list ends before the browser has quit — it is not cancelled")
    func saveOutlivesQuit() async throws {
        let browser = try await Self.browserKeptByMarket(put: .json(#"{"version":1,"products":[]}"#).delayed(by: .milliseconds(400)))
        browser.terminal.type(.key(.character("f")))
        try await BrowserRuntimeTests().waitUntil("the save") { browser.transport.requests.contains { $0.method == "PUT" } }
        browser.terminal.type(.key(.character("q")))
        await browser.running.value
        #expect(browser.transport.cancelledRequests.isEmpty, "the PUT was answered, not cancelled by the quit")
        #expect(browser.transport.unusedReplies.isEmpty && browser.transport.unexpectedRequests.isEmpty)
        #expect(await browser.store.currentPlace() == .visitorKey, "the market kept it")
        #expect(browser.watch.tasksLeftAtExit == 0)
        let sent = try JSONSerialization.jsonObject(with: Data(try #require(browser.transport.requests.last?.body))) as? [String: Any]
        #expect((sent?["products"] as? [[String: Any]])?.compactMap { $0["id"] as? Int } == [3])
    }

    @Test("a market that never answers the save: quitting waits two seconds for it, no longer, then cancels it")
    func saveBoundAtQuit() async throws {
        let browser = try await Self.browserKeptByMarket(put: .json("{}").untilCancelled())
        browser.terminal.type(.key(.character("f")))
        try await BrowserRuntimeTests().waitUntil("the save") { browser.transport.requests.contains { $0.method == "PUT" } }
        let quit = ContinuousClock.now
        browser.terminal.type(.key(.character("q")))
        await browser.running.value
        let waited = ContinuousClock.now - quit
        // At least the bound (its wait ends only past it); far below the hour the reply would take.
        #expect(waited >= .seconds(2) && waited < .seconds(300), "\(waited)")
        #expect(browser.transport.cancelledRequests == ["PUT \(browser.path)"])
        #expect(browser.watch.tasksLeftAtExit == 0)
    }
}

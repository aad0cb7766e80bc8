import Foundation
import Mocks
import Testing

/// The real `openmarket` browser under tmux against its embedded server with the demo catalog.
@Suite("openmarket browser, end to end under tmux", .serialized)
struct BrowserEndToEndTests {
    func header(_ screen: String) -> String { screen.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? "" }

    @Test("first screen shows products; v grid; G pages in more; / narrows; Enter opens detail; q quits and restores")
    func browse() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let tmux = try TmuxSession(command: "\(BuiltProducts.openmarket) --data-dir \(directory.path)")
        let first = try await tmux.waitFor(text: "20+ products")
        // The shop window first: the grid, pictures in cards.
        #expect(header(first).contains("grid"))
        #expect(first.contains("┌") && first.contains("┐"))
        #expect(first.contains("in stock"))
        #expect(first.contains("↑↓ move"))

        try tmux.send("v")
        let list = try await tmux.waitFor("the list") { self.header($0).contains("list") && !$0.contains("┌") }
        #expect(list.contains("in stock"))

        try tmux.send("G")
        try await tmux.waitFor("a second page") { self.header($0).contains("40+ products") }

        try tmux.send("/")
        try await tmux.waitFor(text: "Search:")
        try tmux.send("kitchen", literal: true)
        let narrowed = try await tmux.waitFor("search results") { self.header($0).contains("search: kitchen") && !self.header($0).contains("searching") }
        let count = header(narrowed).firstMatch(of: /(\d+)\+? products/).map { Int($0.1)! } ?? 0
        #expect(count > 0 && count < 40, "\(header(narrowed))")
        try tmux.send("Enter")
        try tmux.send("Escape")
        try await tmux.waitFor("the search cleared") { !self.header($0).contains("search:") && $0.contains("in stock") }

        try tmux.send("Enter")
        let detail = try await tmux.waitFor("the detail") { $0.contains("Pictures") && $0.contains("Price") }
        #expect(detail.contains("←→ picture"))
        try tmux.send("q")
        try await tmux.waitFor(text: "↑↓ move")
        try tmux.send("q")
        let after = try await tmux.waitFor(text: "EXITED:0")
        #expect(!after.contains("↑↓ move"), "the alternate screen is gone: the terminal is restored")
    }

    @Test("e edits the price of a demo vendor's product and d deletes it after asking; the server agrees at each step")
    func delete() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let tmux = try TmuxSession(command: "\(BuiltProducts.openmarket) --data-dir \(directory.path)")
        let first = try await tmux.waitFor(text: "20+ products")
        let port = try #require(header(first).firstMatch(of: /127\.0\.0\.1:(\d+)/)?.1)
        let http = LiveHTTP(base: "http://127.0.0.1:\(port)")
        let newest = try await http.send("GET", "/api/products?items_per_page=1").json()
        let product = try #require((newest["pages"] as? [[String: Any]])?.first)
        let id = try #require(product["id"] as? Int)
        #expect(product["vendorName"] as? String == "demo", "the demo catalog's newest product is the demo vendor's")

        // Edit its price: e, Tab to the price, clear it, type, Ctrl-S.
        try tmux.send("e")
        try await tmux.waitFor(text: "Edit product #\(id)")
        try tmux.send("Tab")
        try tmux.send("Tab")
        try tmux.send("C-u")
        try tmux.send("300000", literal: true)
        try tmux.send("C-s")
        let saved = try await tmux.waitFor(text: "Saved “")
        #expect(saved.contains("₩300,000"), "the list shows the new price")
        let updated = try await http.send("GET", "/api/products/\(id)").json()
        #expect(updated["price"] as? Double == 300_000, "the server agrees")

        try tmux.send("d")
        try await tmux.waitFor(text: "u brings it back within 10 minutes.")
        try tmux.send("Enter")  // No is the default
        try await tmux.waitFor("the dialog gone") { !$0.contains("u brings it back within 10 minutes.") }
        #expect(try await http.send("GET", "/api/products/\(id)").status == 200)

        try tmux.send("d")
        try await tmux.waitFor(text: "u brings it back within 10 minutes.")
        try tmux.send("y")
        try await tmux.waitFor(text: "Deleted “")
        #expect(try await http.send("GET", "/api/products/\(id)").status == 404)

        // Find a product of another vendor and try.
        try tmux.send("j")
        var refused = false
        for _ in 0..<10 {
            try tmux.send("d")
            let screen = try await tmux.waitFor("an answer to d") { $0.contains("only its vendor") || $0.contains("u brings it back within 10 minutes.") }
            if screen.contains("only its vendor") {
                refused = true
                break
            }
            try tmux.send("Escape")
            try tmux.send("j")
        }
        #expect(refused)
        try tmux.send("q")
        try await tmux.waitFor(text: "EXITED:0")
    }

    @Test("resizing relayouts; below 40×12 a too-small screen; back to normal after")
    func resize() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let tmux = try TmuxSession(command: "\(BuiltProducts.openmarket) --data-dir \(directory.path)", columns: 80, rows: 24)
        try await tmux.waitFor(text: "20+ products")
        try tmux.resize(columns: 200, rows: 60)
        // The whole frame, not its first rows: a capture can land while curses is still writing the frame
        // (one CI run caught the header and the cards' top borders, nothing under them).
        let wide = try await tmux.waitFor("200 columns") { self.header($0).count > 150 && $0.contains("in stock") }
        #expect(wide.contains("in stock"))
        try tmux.resize(columns: 30, rows: 10)
        try await tmux.waitFor(text: "Terminal too small")
        for size in [(50, 15), (30, 8), (100, 30), (41, 13)] { try tmux.resize(columns: size.0, rows: size.1) }
        try await tmux.waitFor("41×13") { $0.contains("in stock") && !$0.contains("too small") }
        try tmux.send("q")
        try await tmux.waitFor(text: "EXITED:0")
    }

    @Test("a key's frame reaches the terminal in one write, wherever it changed the screen")
    func oneWriteAFrame() async throws {
        // ncurses 6.4 writes its buffer after every cursor movement until its screen has once come back from
        // endwin: a j in the list (the highlight off one row, onto the next, the status line) went out in seven
        // writes — over SSH, seven wakes of the front and seven packets.
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let market = try await ServedMarket.start(directory)
        defer { market.process.stop() }
        let tmux = try TmuxSession(
            command: "\(BuiltProducts.openmarket) --server \(market.http.base) --layout list --pictures off --poll-interval 3600",
            columns: 100, rows: 30)
        try await tmux.waitFor(text: "20+ products")
        let browser = try tmux.programPID()
        var writes: [Int] = []
        for key in ["j", "j", "k", "j", "j"] {
            let before = try await tmux.settled()
            let calls = try ProcessMemory.writeCalls(browser)
            try tmux.send(key)
            let deadline = ContinuousClock.now + .seconds(60)
            while try await tmux.captured(escapes: true) == before {
                #expect(ContinuousClock.now < deadline, "the highlight never moved")
                if ContinuousClock.now >= deadline { return }
                try await Task.sleep(for: .milliseconds(50))
            }
            _ = try await tmux.settled()
            writes.append(try ProcessMemory.writeCalls(browser) - calls)
        }
        // A stream's event can wake the browser's loop in the same second (one more write, to its wake pipe).
        #expect(writes.filter { $0 == 1 }.count >= 4 && writes.allSatisfy { $0 >= 1 && $0 <= 2 }, "write calls a key: \(writes)")
        try tmux.send("q")
        try await tmux.waitFor(text: "EXITED:0")
    }

    @Test("a server that is down: a clear screen with the error, r retries, q quits")
    func serverDown() async throws {
        let tmux = try TmuxSession(command: "\(BuiltProducts.openmarket) --server http://127.0.0.1:9", columns: 100, rows: 30)
        let screen = try await tmux.waitFor(text: "Cannot reach the market")
        #expect(screen.contains("r to retry"))
        try tmux.send("r")
        try await tmux.waitFor(text: "Cannot reach the market")
        try tmux.send("q")
        try await tmux.waitFor(text: "EXITED:0")
    }
}

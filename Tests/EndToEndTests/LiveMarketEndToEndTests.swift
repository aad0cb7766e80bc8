import Foundation
import Mocks
import Testing

/// The market's changes pushed to real browsers under tmux, against `openmarket serve`: each browser polls
/// once an hour (`--poll-interval 3600`), so whatever reaches a screen within the test's bounds came by the
/// stream. A restart of the market is a gap the browsers read again, and say so.
@Suite("A live market, end to end")
struct LiveMarketEndToEndTests {
    /// The demo vendor's newest product on page 1: its id and name.
    static func demoProduct(_ market: ServedMarket) async throws -> (id: Int, name: String) {
        let page = try await market.http.send("GET", "/api/products?page_no=1&items_per_page=10").json()
        let items = try #require(page["pages"] as? [[String: Any]])
        let mine = try #require(items.first { $0["vendorName"] as? String == "demo" && ($0["name"] as? String)?.unicodeScalars.allSatisfy(\.isASCII) == true })
        return (try #require(mine["id"] as? Int), try #require(mine["name"] as? String))
    }

    static func browser(_ market: ServedMarket, home: TemporaryDirectory) throws -> TmuxSession {
        try TmuxSession(
            command: "env XDG_CONFIG_HOME=\(home.path) \(BuiltProducts.openmarket) --server \(market.http.base) --layout list --pictures off --poll-interval 3600",
            columns: 100, rows: 30)
    }

    @Test("two browsers: each says 2 here; an edit's price and stock appear on both in place, a delete says so where it stood, a registration raises the banner; after a restart of the market both read the list again and say why")
    func pushed() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let data = folder.path + "/market"
        var market = try await ServedMarket.start(dataDirectory: data)
        defer { market.process.stop() }
        let product = try await Self.demoProduct(market)
        let first = try Self.browser(market, home: folder)
        let second = try Self.browser(market, home: folder)
        for tmux in [first, second] { try await tmux.waitFor(text: "2 here") }

        let started = ContinuousClock.now
        let edit = try await market.http.send(
            "PATCH", "/api/products/\(product.id)", headers: ["identifier": market.identifier, "Content-Type": "application/json"],
            body: Data(#"{"secret":"\#(market.secret)","price":4321,"discounted_price":0,"stock":1}"#.utf8))
        #expect(edit.status == 200, "\(edit.text)")
        for tmux in [first, second] {
            let screen = try await tmux.waitFor("the new price in place", timeout: .seconds(20)) { $0.contains("4,321") }
            let row = screen.split(separator: "\n").firstIndex { $0.contains(product.name) }
            let lines = screen.split(separator: "\n")
            #expect(row.map { lines[$0].contains("4,321") } == true, "the price on the product's own row:\n\(screen)")
            #expect(row.map { lines[$0 + 1].contains("1 in stock") } == true, "and its stock below it:\n\(screen)")
        }
        // Far inside the hour of the poll; the figure itself is the benchmark's (bench/live.py).
        #expect(ContinuousClock.now - started < .seconds(20))

        let token = try await market.http.send(
            "POST", "/api/products/\(product.id)/archived", headers: ["identifier": market.identifier, "Content-Type": "application/json"],
            body: Data(#"{"secret":"\#(market.secret)"}"#.utf8))
        let path = token.text.trimmingCharacters(in: CharacterSet(charactersIn: "\"\n"))
        #expect(try await market.http.send("DELETE", path, headers: ["identifier": market.identifier]).status == 200)
        for tmux in [first, second] {
            try await tmux.waitFor("the product marked deleted where it stood", timeout: .seconds(20)) { screen in
                screen.split(separator: "\n").contains { $0.contains(product.name) && $0.hasSuffix("deleted") }
            }
        }

        #expect(try await market.register(name: "Pushed Lamp").status == 201)
        for tmux in [first, second] { try await tmux.waitFor(text: "1 new product", timeout: .seconds(20)) }

        // The market restarts on the same port: a new run, whose events the browsers' last ids are not of.
        let port = market.port
        market.process.stop()
        market = try await ServedMarket.start(dataDirectory: data, arguments: ["--port", String(port)])
        for tmux in [first, second] {
            try await tmux.waitFor(text: "the list was read again", timeout: .seconds(60))
            try tmux.send("q")
            try await tmux.waitFor(text: "EXITED:0")
        }
    }
}

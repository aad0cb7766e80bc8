import Foundation
import Mocks
import Testing

/// The command palette with the real binary under tmux against its own market: an action run by its
/// words, and a product that is not loaded found by the market's search and opened.
@Suite("The command palette, end to end")
struct PaletteEndToEndTests {
    @Test(": runs an action found by a few of its letters; Ctrl-P finds a product the list has not loaded (the market's search, after a pause) and opens it")
    func palette() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let tmux = try TmuxSession(
            command: "\(BuiltProducts.openmarket) --data-dir \(directory.path) --layout list", columns: 100, rows: 30)
        let first = try await tmux.waitFor(text: "20+ products")
        let port = try #require(first.firstMatch(of: /127\.0\.0\.1:(\d+)/).map { String($0.1) })
        try tmux.send(":", literal: true)
        try await tmux.waitFor(text: "Commands and products")
        try tmux.send("ordr", literal: true)
        let ranked = try await tmux.waitFor(text: "› ordr")
        #expect(ranked.contains("Order: newest → price ↑"), "\(ranked)")
        try tmux.send("Enter")
        try await tmux.waitFor(text: "·  price ↑")

        // A product from the third page: not among those loaded.
        let page = try await LiveHTTP(base: "http://127.0.0.1:\(port)").send("GET", "/api/products?page_no=3&items_per_page=20")
        let far = try #require((try page.json()["pages"] as? [[String: Any]])?.last)
        let name = try #require(far["name"] as? String)
        try tmux.send("C-p")
        try await tmux.waitFor(text: "Commands and products")
        try tmux.send(name, literal: true)
        let found = try await tmux.waitFor("the market's answer") { $0.contains(name) && $0.contains("· market") }
        #expect(found.contains("▶ \(name)") || found.contains("▶ " + name.prefix(20)), "the exact name first\n\(found)")
        try tmux.send("Enter")
        let detail = try await tmux.waitFor(text: "#\(far["id"] as! Int)")
        #expect(detail.contains(name), "\(detail)")
        try tmux.send("q", "q")
        try await tmux.waitFor(text: "EXITED:0")
    }
}

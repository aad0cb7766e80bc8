import Foundation
import Mocks
import Testing

/// Sorting and filtering with the real binary under tmux, against its own server (which speaks the extension;
/// a course-API server is the runtime tests' `ListingRuntimeTests`).
@Suite("Order and filter, end to end")
struct ShoppingEndToEndTests {
    /// The won prices on the list's screen, top to bottom (the price a buyer pays: the first on its row).
    static func prices(_ screen: String) -> [Int] {
        screen.split(separator: "\n").compactMap { line in
            line.firstMatch(of: /₩([\d,]+)/).flatMap { Int($0.1.replacingOccurrences(of: ",", with: "")) }
        }
    }

    @Test("our server orders: o asks it for the cheapest of the whole catalog first, the status line names the order; i asks for what is in stock")
    func sortAndFilter() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let tmux = try TmuxSession(
            command: "\(BuiltProducts.openmarket) --data-dir \(directory.path) --layout list", columns: 100, rows: 40)
        let first = try await tmux.waitFor(text: "20+ products")
        let port = try #require(first.firstMatch(of: /127\.0\.0\.1:(\d+)/).map { String($0.1) })
        try tmux.send("o")
        let sorted = try await tmux.waitFor("sorted by the server") { $0.contains("·  price ↑") && Self.prices($0).first != nil }
        #expect(!sorted.contains("loaded pages only"), "\(sorted)")
        let prices = Self.prices(sorted)
        #expect(prices.count >= 5 && prices == prices.sorted(), "cheapest first: \(prices)")
        // The cheapest won price of the whole catalog, as the server's own sorted first page says.
        let cheapest = try await LiveHTTP(base: "http://127.0.0.1:\(port)").send("GET", "/api/products?items_per_page=1&sort=price-asc")
        let page = try cheapest.json()["pages"] as! [[String: Any]]
        #expect(page.first?["name"] as? String != nil && prices.first == (page.first?["bargain_price"] as? NSNumber)?.intValue)
        try tmux.send("o")
        let dearest = try await tmux.waitFor("price ↓") { $0.contains("·  price ↓") && Self.prices($0).count >= 5 }
        let down = Self.prices(dearest)
        #expect(down == down.sorted(by: >), "dearest first: \(down)")
        try tmux.send("i")
        let inStock = try await tmux.waitFor(text: "price ↓ · in stock")
        #expect(!inStock.contains("Sold out"), "\(inStock)")
        // A price range: one that does not read is explained on its line and not sent; a good one is asked of the server.
        try tmux.send("$", literal: true)
        try await tmux.waitFor(text: "Price:")
        try tmux.send("500-100", literal: true)
        try tmux.send("Enter")
        try await tmux.waitFor(text: "The lowest price, ₩500, is above the highest, ₩100.")
        try tmux.send("C-u")
        try tmux.send("5,000~20,000", literal: true)
        try tmux.send("Enter")
        let ranged = try await tmux.waitFor("the range") { $0.contains("in stock · ₩5,000–₩20,000") && Self.prices($0).count >= 2 }
        let inRange = Self.prices(ranged)
        #expect(inRange.allSatisfy { (5000...20000).contains($0) } && inRange == inRange.sorted(by: >), "\(ranged)")
        #expect(!ranged.contains("loaded pages only"))
        let asked = try await LiveHTTP(base: "http://127.0.0.1:\(port)").send(
            "GET", "/api/products?items_per_page=1&sort=price-desc&in_stock=true&currency=KRW&price_min=5000&price_max=20000")
        #expect(inRange.first == ((try asked.json()["pages"] as! [[String: Any]]).first?["bargain_price"] as? NSNumber)?.intValue)
        try tmux.send("q")
        try await tmux.waitFor(text: "EXITED:0")
    }
}

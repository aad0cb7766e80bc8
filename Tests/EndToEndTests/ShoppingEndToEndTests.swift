import Foundation
import Mocks
import Testing

/// Sorting and filtering the loaded products with the real binary under tmux.
@Suite("Order and filter, end to end")
struct ShoppingEndToEndTests {
    /// The won prices on the list's screen, top to bottom (the price a buyer pays: the first on its row).
    static func prices(_ screen: String) -> [Int] {
        screen.split(separator: "\n").compactMap { line in
            line.firstMatch(of: /₩([\d,]+)/).flatMap { Int($0.1.replacingOccurrences(of: ",", with: "")) }
        }
    }

    @Test("o sorts the loaded products by price, the status line says so and that it is the loaded pages; i hides the sold out")
    func sortAndFilter() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let tmux = try TmuxSession(
            command: "\(BuiltProducts.openmarket) --data-dir \(directory.path) --layout list", columns: 100, rows: 40)
        try await tmux.waitFor(text: "20+ products")
        try tmux.send("o")
        let sorted = try await tmux.waitFor(text: "price ↑ (loaded pages only)")
        let prices = Self.prices(sorted)
        #expect(prices.count >= 5 && prices == prices.sorted(), "cheapest first: \(prices)")
        try tmux.send("o")
        let dearest = try await tmux.waitFor(text: "price ↓ (loaded pages only)")
        let down = Self.prices(dearest)
        #expect(down.count >= 5 && down == down.sorted(by: >), "dearest first: \(down)")
        try tmux.send("i")
        let inStock = try await tmux.waitFor(text: "price ↓ · in stock (loaded pages only)")
        #expect(!inStock.contains("Sold out"), "\(inStock)")
        try tmux.send("q")
        try await tmux.waitFor(text: "EXITED:0")
    }
}

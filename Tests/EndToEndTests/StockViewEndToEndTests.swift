import Foundation
import Mocks
import Testing

/// A seller's view of stock in the real browser under tmux, against `openmarket serve` with its demo
/// catalog beside the seller's shop: `m`, then `o` to fewest in stock, the title's counts and the low marks.
@Suite("A seller's view of stock, end to end")
struct StockViewEndToEndTests {
    @Test("m and o: the seller's products fewest in stock first, the title counting 3 sold out and 6 low (+ until the market's order has passed them), low ones marked; products list --sort stock agrees")
    func stockView() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let data = folder.path + "/market"
        let market = try await ServedMarket.start(dataDirectory: data)
        defer { market.process.stop() }
        let seller = try ServedMarket.addVendor("Stock Seller", dataDirectory: data)
        // 30 products, stock 1…9 and 0 in turn: 3 sold out, 6 with 1 or 2 left.
        try Data(FixturePictures.png(width: 40, height: 30)).write(to: folder.url.appendingPathComponent("p.png"))
        let rows = (1...30).map { "Stockview Mug \($0),A mug for the stock view test.,9000,KRW,\($0 % 10),p.png" }
        let file = folder.url.appendingPathComponent("shop.csv")
        try Data((["name,description,price,currency,stock,pictures"] + rows).joined(separator: "\n").utf8).write(to: file)
        let as_ = ["--server", market.http.base, "--identifier", seller.identifier, "--secret", seller.secret]
        let imported = try await ProductsCommandEndToEndTests.products(["import", file.path] + as_, home: folder)
        #expect(imported.status == 0, "\(imported.errors)")

        let listed = try await ProductsCommandEndToEndTests.products(
            ["list", "--server", market.http.base, "--sort", "stock", "--search", "Stockview", "--all", "--jsonl"], home: folder)
        #expect(listed.status == 0, "\(listed.errors)")
        let stocks = listed.output.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["stock"] as? Int
        }
        #expect(stocks == [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 8, 9, 9, 9], "\(stocks)")

        let tmux = try TmuxSession(
            command: "env XDG_CONFIG_HOME=\(folder.path) \(BuiltProducts.openmarket) --server \(market.http.base) --identifier \(seller.identifier) --secret \(seller.secret) --layout list --pictures off --low-stock 2",
            columns: 100, rows: 30)
        try await tmux.waitFor(text: "products")
        // The browser was given an identity, not a vendor id: it asks the market which vendor it is, so m works at once.
        try tmux.send("m")
        try await tmux.waitFor(text: "mine")
        for _ in 0..<4 { try tmux.send("o") }
        let screen = try await tmux.waitFor("the seller's products fewest in stock first, counted exactly") {
            $0.contains("fewest in stock") && $0.contains("mine  3 sold out · 6 low")
        }
        let lines = screen.split(separator: "\n")
        #expect(lines.contains { $0.hasSuffix("Sold out") })
        #expect(lines.contains { $0.hasSuffix("1 in stock, low") }, "\(screen)")
        #expect(lines.firstIndex { $0.contains("Sold out") }! < lines.firstIndex { $0.contains("1 in stock, low") }!, "sold out first")
        try tmux.send("q")
        try await tmux.waitFor(text: "EXITED:0")
    }
}

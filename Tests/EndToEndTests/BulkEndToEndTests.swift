import Foundation
import Mocks
import Testing

/// Many products at once from the real browser under tmux, against `openmarket serve`: a vendor's shop
/// imported, searched, every product marked (`space` on the first, `G` until every page is in, `V`), a 20%
/// price cut asked (`b`, `1`, `-20`, Enter), the question read, confirmed, and the market's prices checked.
@Suite("Bulk changes from the browser, end to end")
struct BulkEndToEndTests {
    @Test("60 marked products get 20% off: the question names them and the prices in all, the summary says what was done, the market has the new prices; u undoes it as one step, leaving the one another client changed since")
    func priceCut() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let data = folder.path + "/market"
        let market = try await ServedMarket.start(dataDirectory: data)
        defer { market.process.stop() }
        let seller = try ServedMarket.addVendor("Bulk Seller", dataDirectory: data)
        try Data(FixturePictures.png(width: 40, height: 30)).write(to: folder.url.appendingPathComponent("p.png"))
        let rows = (1...60).map { "Bulkcut Kettle \($0),A kettle for the bulk change test.,10000,KRW,\($0),p.png" }
        let file = folder.url.appendingPathComponent("shop.csv")
        try Data((["name,description,price,currency,stock,pictures"] + rows).joined(separator: "\n").utf8).write(to: file)
        let as_ = ["--server", market.http.base, "--identifier", seller.identifier, "--secret", seller.secret]
        let imported = try await ProductsCommandEndToEndTests.products(["import", file.path] + as_, home: folder)
        #expect(imported.status == 0, "\(imported.errors)")

        let tmux = try TmuxSession(
            command: "env XDG_CONFIG_HOME=\(folder.path) \(BuiltProducts.openmarket) --server \(market.http.base) --identifier \(seller.identifier) --secret \(seller.secret) --layout list --pictures off",
            columns: 100, rows: 30)
        try await tmux.waitFor(text: "products")
        try tmux.send("/")
        try tmux.send("Bulkcut", literal: true)
        try tmux.send("Enter")
        try await tmux.waitFor(text: "Bulkcut Kettle")
        try tmux.send("Space")
        // Every page in and the last selected: G goes to the last product loaded, which asks for the next page.
        var screen = try await tmux.waitFor(text: "1 marked")
        for _ in 0..<20 where !screen.contains("60 of 60  ·") {
            try tmux.send("G")
            try await Task.sleep(for: .milliseconds(300))
            screen = try await tmux.captured()
        }
        try tmux.send("V")
        try await tmux.waitFor(text: "60 marked")
        try tmux.send("b")
        try await tmux.waitFor(text: "Change 60 marked products")
        try tmux.send("1")
        // A space first: tmux reads a word that starts with "-" as its own option; the line trims spaces.
        try tmux.send(" -20", literal: true)
        try tmux.send("Enter")
        let question = try await tmux.waitFor("the question") { $0.contains("[ Yes ]") }
        let asked = question.split(separator: "\n").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "│ ")) }.joined(separator: " ")
        #expect(asked.contains("Change the price of 60 products by -20%? ₩600,000 → ₩480,000 in all."), "\(question)")
        try tmux.send("y")
        try await tmux.waitFor(text: "Changed 60 products.", timeout: .seconds(60))

        let page = try await market.http.send("GET", "/api/products?items_per_page=100&search_value=Bulkcut").json()
        let products = page["pages"] as? [[String: Any]] ?? []
        let prices = products.compactMap { $0["price"] as? Int }
        #expect(prices.count == 60 && prices.allSatisfy { $0 == 8000 }, "\(prices)")

        // Someone changes one of them meanwhile (another client); u undoes the change of the other 59 only.
        let other = try #require(products.first?["id"] as? Int)
        let patched = try await market.http.send(
            "PATCH", "/api/products/\(other)", headers: ["identifier": seller.identifier, "Content-Type": "application/json"],
            body: Data(#"{"secret":"\#(seller.secret)","price":7000}"#.utf8))
        #expect(patched.status == 200)
        try tmux.send("u")
        try await tmux.waitFor(text: "Undo the last change (-20%) of 60 products?")
        try tmux.send("y")
        try await tmux.waitFor(text: "Undid the change of 59 products; 1 left: #\(other): changed since, left as it is")
        let undone = try await market.http.send("GET", "/api/products?items_per_page=100&search_value=Bulkcut").json()
        let back = (undone["pages"] as? [[String: Any]] ?? []).map { ($0["id"] as? Int ?? 0, $0["price"] as? Int ?? 0) }
        #expect(back.count == 60 && back.allSatisfy { $0.0 == other ? $0.1 == 7000 : $0.1 == 10000 }, "\(back)")

        // A delete on this market can be undone: the question says so, and u brings the product back.
        try tmux.send("g")
        try tmux.send("d")
        try await tmux.waitFor(text: "u brings it back within 10 minutes.")
        try tmux.send("y")
        let deleted = try await tmux.waitFor(text: "Deleted “")
        let name = try #require(deleted.firstMatch(of: /Deleted “(Bulkcut Kettle \d+)”/)?.1)
        #expect(try await market.http.send("GET", "/api/products?items_per_page=100&search_value=Bulkcut").json()["totalCount"] as? Int == 59)
        try tmux.send("u")
        try await tmux.waitFor(text: "Bring back “\(name)”, deleted a moment ago?")
        try tmux.send("y")
        try await tmux.waitFor(text: "Brought back 1 product.")
        #expect(try await market.http.send("GET", "/api/products?items_per_page=100&search_value=Bulkcut").json()["totalCount"] as? Int == 60)
    }
}

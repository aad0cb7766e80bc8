import Foundation
import Mocks
import Testing

/// Issue 5's journey on the real binary under tmux, against its embedded server: register a product
/// with two pictures, edit its price, delete it — and the server agrees at each step.
@Suite("openmarket forms, end to end under tmux", .serialized)
struct FormsEndToEndTests {
    @Test("register with two pictures → first in the list → edit the price → delete → gone")
    func registerEditDelete() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let pictures = try TemporaryDirectory(prefix: "openmarket-pictures")
        defer { pictures.remove() }
        try Data(FixturePictures.jpeg(width: 320, height: 240)).write(to: pictures.url.appendingPathComponent("teapot-front.jpg"))
        try Data(FixturePictures.png(width: 120, height: 90, seed: 3)).write(to: pictures.url.appendingPathComponent("teapot-side.png"))

        let tmux = try TmuxSession(command: "\(BuiltProducts.openmarket) --data-dir \(directory.path) --layout list", columns: 110, rows: 36)
        let first = try await tmux.waitFor(text: "20+ products")
        let port = try #require(first.split(separator: "\n").first?.firstMatch(of: /127\.0\.0\.1:(\d+)/)?.1)
        let http = LiveHTTP(base: "http://127.0.0.1:\(port)")

        try tmux.send("n")
        try await tmux.waitFor(text: "Register a product")
        try tmux.send("E2E Teapot", literal: true)
        try tmux.send("Tab")
        try tmux.send("A round teapot for four cups.", literal: true)
        try tmux.send("Tab")
        try tmux.send("25000", literal: true)
        for _ in 0..<4 { try tmux.send("Tab") }  // discount, stock, currency → pictures
        // Tab completion of a unique prefix, then Enter adds.
        try tmux.send("\(pictures.path)/teapot-f", literal: true)
        try tmux.send("Tab")
        try await tmux.waitFor(text: "teapot-front.jpg")
        try tmux.send("Enter")
        try await tmux.waitFor(text: "1/5")
        try tmux.send("\(pictures.path)/teapot-side.png", literal: true)
        try tmux.send("Enter")
        try await tmux.waitFor(text: "2/5")
        try tmux.send("C-s")
        let registered = try await tmux.waitFor(text: "Registered “E2E Teapot”.")
        let lines = registered.split(separator: "\n").map(String.init)
        #expect(lines[1].contains("E2E Teapot"), "first in the list")
        #expect(lines[2].hasPrefix("▶"), "and selected")

        let newest = try await http.send("GET", "/api/products?items_per_page=1").json()
        let created = try #require((newest["pages"] as? [[String: Any]])?.first)
        #expect(created["name"] as? String == "E2E Teapot")
        let id = try #require(created["id"] as? Int)
        let detail = try await http.send("GET", "/api/products/\(id)").json()
        #expect((detail["images"] as? [Any])?.count == 2, "the server has both pictures")

        try tmux.send("e")
        try await tmux.waitFor(text: "Edit product #\(id)")
        try tmux.send("Tab")
        try tmux.send("Tab")
        try tmux.send("C-u")
        try tmux.send("19900", literal: true)
        try tmux.send("C-s")
        let edited = try await tmux.waitFor(text: "Saved “E2E Teapot”.")
        #expect(edited.contains("₩19,900"))
        #expect(try await http.send("GET", "/api/products/\(id)").json()["price"] as? Double == 19900)

        try tmux.send("d")
        try await tmux.waitFor(text: "Delete “E2E Teapot”?")
        try tmux.send("y")
        let gone = try await tmux.waitFor(text: "Deleted “E2E Teapot”.")
        #expect(!gone.split(separator: "\n").dropFirst().contains { $0.contains("E2E Teapot") && !$0.contains("Deleted") })
        #expect(try await http.send("GET", "/api/products/\(id)").status == 404)

        try tmux.send("q")
        try await tmux.waitFor(text: "EXITED:0")
    }
}

@Suite("openmarket identity, end to end")
struct IdentityEndToEndTests {
    @Test("--save-identity keeps the identity in the XDG config dir with mode 0600; a write as an unknown vendor is refused and explained")
    func savedIdentity() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let config = try TemporaryDirectory(prefix: "openmarket-config")
        defer { config.remove() }
        let tmux = try TmuxSession(
            command: "env XDG_CONFIG_HOME=\(config.path) \(BuiltProducts.openmarket) --data-dir \(directory.path) "
                + "--identifier 00000000-0000-0000-0000-000000000001 --secret not-the-demo-secret --save-identity",
            columns: 100, rows: 30)
        try await tmux.waitFor(text: "20+ products")
        let file = config.url.appendingPathComponent("openmarket/identity.json")
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
        #expect(saved?["identifier"] as? String == "00000000-0000-0000-0000-000000000001")
        // The saved identity is not a vendor of this server: a delete is refused by the server, and said so.
        try tmux.send("d")
        try await tmux.waitFor(text: "u brings it back within 10 minutes.")
        try tmux.send("y")
        let refused = try await tmux.waitFor(text: "Could not delete")
        #expect(refused.contains("401") || refused.contains("identifier"), "\(refused)")
        #expect(refused.contains("in stock"), "nothing was lost")
        try tmux.send("q")
        try await tmux.waitFor(text: "EXITED:0")
    }
}

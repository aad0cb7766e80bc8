import Foundation
import Mocks
import Testing

/// The wish list with the real binary under tmux, against `openmarket serve`: a product kept, its price and
/// discount changed and it deleted through the API while the browser watches, the list kept across starts,
/// and a kill -9 in the middle of saves leaving a whole file.
@Suite("The wish list, end to end")
struct WishListEndToEndTests {
    /// Changes product `id` through the API as the demo vendor.
    static func edit(_ market: ServedMarket, _ id: Int, _ fields: String) async throws {
        let reply = try await market.http.send(
            "PATCH", "/api/products/\(id)", headers: ["identifier": market.identifier, "Content-Type": "application/json"],
            body: Data(#"{\#(fields),"secret":"\#(market.secret)"}"#.utf8))
        #expect(reply.status == 200, "\(reply.text)")
    }

    @Test("f keeps; a price drop, a discount and a deletion through the API each make a banner; F lists them; the list is there after a restart")
    func watches() async throws {
        let served = try TemporaryDirectory()
        let home = try TemporaryDirectory()
        defer {
            served.remove()
            home.remove()
        }
        let market = try await ServedMarket.start(served)
        defer { market.process.stop() }
        let registered = try await market.register(name: "Watched Kettle")
        let id = try #require(try registered.json()["id"] as? Int)
        let command = "\(BuiltProducts.openmarket) --server \(market.http.base) --data-dir \(home.path) --poll-interval 1 --layout list"
        let tmux = try TmuxSession(command: command, columns: 100, rows: 30)
        try await tmux.waitFor(text: "Watched Kettle")
        try tmux.send("f")
        try await tmux.waitFor(text: "Kept “Watched Kettle” on your wish list (1).")
        try await Self.edit(market, id, #""price":1.5"#)
        try await tmux.waitFor(text: "♥ Watched Kettle: $2.36 → $1.50, price dropped · F wish list")
        try await Self.edit(market, id, #""discounted_price":0.5"#)
        try await tmux.waitFor(text: "♥ Watched Kettle: $2.36 → $1.50, price dropped · 1 more · F wish list")
        try tmux.send("F")
        let list = try await tmux.waitFor(text: "Wish list (1)")
        #expect(list.contains("$1.00") && !list.contains("price dropped"), "the banner went: seen\n\(list)")
        try tmux.send("Escape")
        let archived = try await market.http.send(
            "POST", "/api/products/\(id)/archived", headers: ["identifier": market.identifier, "Content-Type": "application/json"],
            body: Data(#"{"secret":"\#(market.secret)"}"#.utf8))
        let deleted = try await market.http.send("DELETE", archived.text, headers: ["identifier": market.identifier])
        #expect(deleted.status == 200, "\(deleted.text)")
        try await tmux.waitFor(text: "♥ Watched Kettle: gone from the market (was $1.00) · F wish list")
        try tmux.send("q")
        try await tmux.waitFor(text: "EXITED:0")
        let file = home.url.appendingPathComponent("wishlists/http_127.0.0.1_\(market.port).json")
        let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
        let products = try #require(saved?["products"] as? [[String: Any]])
        #expect(products.count == 1 && products[0]["gone"] as? Bool == true && products[0]["bargainPrice"] as? String == "1")

        let again = try TmuxSession(command: command, columns: 100, rows: 30)
        try await again.waitFor(text: "products")
        try again.send("F")
        let kept = try await again.waitFor(text: "gone from the market")
        #expect(kept.contains("Watched Kettle"), "\(kept)")
        try again.send("q", "q")
        try await again.waitFor(text: "EXITED:0")
    }

    @Test("a kill -9 in the middle of a stream of saves leaves a wish list file that reads whole")
    func killedMidWrite() async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let tmux = try TmuxSession(
            command: "\(BuiltProducts.openmarket) --data-dir \(home.path) --layout list", columns: 100, rows: 30)
        try await tmux.waitFor(text: "20+ products")
        // Each f keeps or drops the selected product and saves the list: a few hundred saves in a burst.
        try tmux.send(contentsOf: Array(repeating: ["f", "j"], count: 150).flatMap { $0 })
        try await Task.sleep(for: .milliseconds(150))
        // The browser itself, not the shell around it that prints how it ended.
        let killed = try SpawnedProcess.run("/usr/bin/pkill", ["-KILL", "-f", "^\(BuiltProducts.openmarket) --data-dir \(home.path)"])
        #expect(killed.status == 0, "pkill found it")
        try await tmux.waitFor(text: "EXITED:137")
        let folder = home.url.appendingPathComponent("wishlists")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        let file = folder.appendingPathComponent("embedded.json")
        let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
        #expect((saved?["products"] as? [[String: Any]]) != nil, "a whole list; the folder holds \(names)")
        #expect(!names.contains { $0.contains("damaged") })
    }

    @Test("an operator issues owners with the host key (ssh --print-issuer, --issue-owner) and the market keeps lists only for them: another host key's owner is 403, a market told no issuer keeps none, a mistyped issuer is one line and exit 64")
    func issuedOwners() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        func openmarket(_ arguments: [String]) throws -> String {
            let run = try SpawnedProcess.run(BuiltProducts.openmarket, arguments)
            #expect(run.status == 0, "\(arguments): \(run.output)")
            return run.output.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let hostKey = folder.path + "/key", otherKey = folder.path + "/other"
        let issuer = try openmarket(["ssh", "--host-key", hostKey, "--data-dir", folder.path, "--print-issuer"])
        #expect(try openmarket(["ssh", "--host-key", hostKey, "--data-dir", folder.path, "--print-issuer"]) == issuer, "the same key each time")
        let owner = try openmarket(["ssh", "--host-key", hostKey, "--data-dir", folder.path, "--issue-owner", "alice-0123456789abcdef"])
        #expect(owner.hasPrefix("alice-0123456789abcdef") && owner.count == 22 + 86, "\(owner)")
        let stranger = try openmarket(["ssh", "--host-key", otherKey, "--data-dir", folder.path, "--issue-owner", "alice-0123456789abcdef"])
        let badName = try SpawnedProcess.run(
            BuiltProducts.openmarket, ["ssh", "--host-key", hostKey, "--data-dir", folder.path, "--issue-owner", "alice/../x"])
        #expect(badName.status == 64)

        let list = Data(#"{"version":1,"products":[{"id":3,"name":"Kettle","currency":"KRW","price":"9000","bargainPrice":"9000","stock":1,"gone":false}]}"#.utf8)
        let market = try await ServedMarket.start(dataDirectory: folder.path + "/market", arguments: ["--wish-list-issuer", issuer])
        let kept = try await market.http.send("PUT", "/api/wishlists/\(owner)", headers: ["Content-Type": "application/json"], body: list)
        #expect(kept.status == 200, "\(kept.text)")
        #expect(try await market.http.send("GET", "/api/wishlists/\(owner)").text.contains("Kettle"))
        let foreign = try await market.http.send("PUT", "/api/wishlists/\(stranger)", headers: ["Content-Type": "application/json"], body: list)
        #expect(foreign.status == 403 && foreign.text.contains("not issued by an SSH front this market trusts"), "\(foreign.text)")
        market.process.stop()

        let trustsNone = try await ServedMarket.start(dataDirectory: folder.path + "/none")
        defer { trustsNone.process.stop() }
        let refused = try await trustsNone.http.send("GET", "/api/wishlists/\(owner)")
        #expect(refused.status == 403 && refused.text.contains("trusts none (serve --wish-list-issuer)"), "\(refused.text)")

        let mistyped = try SpawnedProcess(
            BuiltProducts.openmarket, ["serve", "--port", "0", "--data-dir", folder.path + "/m", "--wish-list-issuer", "ssh-ed25519 AAAA"])
        #expect(await mistyped.waitForExit() == 64)
        #expect(mistyped.standardError.contains("--wish-list-issuer takes a key as openmarket ssh --print-issuer prints it"), "\(mistyped.standardError)")
    }

    /// `openmarket ssh --open` on a free port browsing `server`, with the host key at `hostKey`; its port.
    static func startFront(_ folder: TemporaryDirectory, name: String, server: String, hostKey: String) async throws
        -> (process: SpawnedProcess, port: Int)
    {
        let process = try SpawnedProcess(
            BuiltProducts.openmarket,
            ["ssh", "--port", "0", "--open", "--server", server, "--data-dir", folder.path + "/" + name, "--host-key", hostKey])
        let output = try await process.waitForOutput { $0.contains("Stop with Ctrl-C") }
        return (process, try #require(output.firstMatch(of: /on 127\.0\.0\.1:(\d+)/).flatMap { Int($0.1) }))
    }

    static func ssh(port: Int, _ options: String) -> String {
        "ssh -t -p \(port) -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR \(options) 127.0.0.1"
    }

    @Test("over openmarket ssh a visitor's wish list belongs to their key: kept on one front, found on another sharing the host key; another key has its own; no key keeps one for the session")
    func visitorsByKey() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        // As an operator does: the fronts' issuer key (the host key made on the way), then the market told it.
        let hostKey = folder.path + "/ssh_host_ed25519_key"
        let printed = try SpawnedProcess.run(BuiltProducts.openmarket, ["ssh", "--host-key", hostKey, "--data-dir", folder.path + "/a", "--print-issuer"])
        let issuer = printed.output.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(printed.status == 0 && issuer.hasPrefix("omwl1-") && issuer.count == 49, "\(printed.output)")
        let market = try await ServedMarket.start(dataDirectory: folder.path + "/market", arguments: ["--wish-list-issuer", issuer])
        defer { market.process.stop() }
        let a = try await Self.startFront(folder, name: "a", server: market.http.base, hostKey: hostKey)
        defer { a.process.stop() }
        let b = try await Self.startFront(folder, name: "b", server: market.http.base, hostKey: hostKey)
        defer { b.process.stop() }
        var keys: [String] = []
        for name in ["alice", "bob"] {
            let key = folder.path + "/" + name
            #expect(try SpawnedProcess.run("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", key]).status == 0)
            keys.append("-o IdentitiesOnly=yes -i \(key)")
        }

        let first = try TmuxSession(command: Self.ssh(port: a.port, keys[0]), columns: 100, rows: 30)
        try await first.waitFor(text: "20+ products")
        try first.send("f")
        let notice = try await first.waitFor(text: "on your wish list (1).")
        let name = try #require(notice.firstMatch(of: /Kept “(.+)” on your wish list/).map { String($0.1) })
        try first.send("q")
        try await first.waitFor(text: "EXITED:0")

        let again = try TmuxSession(command: Self.ssh(port: b.port, keys[0]), columns: 100, rows: 30)
        try await again.waitFor(text: "20+ products")
        try again.send("F")
        let kept = try await again.waitFor(text: "Wish list (1)")
        #expect(kept.contains("Kept by the market under your SSH key") && kept.contains(name), "\(name)\n\(kept)")
        try again.send("q", "q")
        try await again.waitFor(text: "EXITED:0")

        let other = try TmuxSession(command: Self.ssh(port: b.port, keys[1]), columns: 100, rows: 30)
        try await other.waitFor(text: "20+ products")
        try other.send("F")
        try await other.waitFor(text: "Wish list (0)")
        try other.send("q", "q")
        try await other.waitFor(text: "EXITED:0")

        // Without a key the client is asked for a password; any lets it in (an empty one here).
        let keyless = try TmuxSession(command: Self.ssh(port: a.port, "-o PubkeyAuthentication=no -o PreferredAuthentications=none,password"), columns: 100, rows: 30)
        try await keyless.waitFor(text: "password:")
        try keyless.send("Enter")
        try await keyless.waitFor(text: "20+ products")
        try keyless.send("F")
        try await keyless.waitFor(text: "Kept for this session only: your SSH client offered no key to keep it under.")
        try keyless.send("q", "q")
        try await keyless.waitFor(text: "EXITED:0")
    }
}

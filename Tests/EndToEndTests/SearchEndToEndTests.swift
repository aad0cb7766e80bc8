import Foundation
import Mocks
import ServerTestSupport
import Testing

/// The server's search through the real binary over loopback HTTP, on SQLite and on PostgreSQL: the relevance
/// set (`Tests/Relevance/demo-catalog.tsv`) on both stores, "did you mean", bad queries, and an edit through
/// one replica found by a search on the other.
@Suite("search, end to end", .serialized)
struct SearchEndToEndTests {
    /// The names of the first ten results for `query`, and how many there are.
    static func search(_ http: LiveHTTP, _ query: String, perPage: Int = 10, extra: String = "") async throws
        -> (names: [String], total: Int, page: [String: Any])
    {
        let encoded = query.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let reply = try await http.send("GET", "/api/products?items_per_page=\(perPage)&search_value=\(encoded)\(extra)")
        #expect(reply.status == 200, "\(query): \(reply.text)")
        let page = try reply.json()
        let names = (page["pages"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        return (names, page["totalCount"] as? Int ?? -1, page)
    }

    /// Every line of the relevance set, against a server.
    static func relevance(_ http: LiveHTTP, store: String) async throws {
        let lines = try RelevanceCase.all()
        var mistakes: [String] = []
        for line in lines {
            let found = try await search(http, line.query)
            if let mistake = line.mistake(names: found.names, total: found.total) { mistakes.append(mistake) }
        }
        #expect(mistakes.isEmpty, "\(store): \(mistakes.count) of \(lines.count) queries wrong:\n\(mistakes.joined(separator: "\n"))")
    }

    /// What every store answers beyond the relevance set: the ranking named, "did you mean", bad queries.
    static func answers(_ http: LiveHTTP) async throws {
        let ranked = try await search(http, "seoul", perPage: 100)
        #expect((ranked.page["search"] as? [String: Any])?["ranking"] as? String == "best-match")
        let sorted = try await search(http, "seoul", perPage: 100, extra: "&sort=price-asc")
        #expect((sorted.page["search"] as? [String: Any])?["ranking"] as? String == "sort")
        #expect(Set(sorted.names) == Set(ranked.names) && sorted.total == ranked.total, "the same products, in another order")

        let nothing = try await search(http, "teapottt")
        #expect(nothing.total == 0)
        #expect((nothing.page["search"] as? [String: Any])?["suggestion"] as? String == "teapot")
        let korean = try await search(http, "헤드퐁폰")
        #expect((korean.page["search"] as? [String: Any])?["suggestion"] as? String == "헤드폰")
        let gibberish = try await search(http, "qqqqqqqq")
        #expect((gibberish.page["search"] as? [String: Any])?["suggestion"] == nil, "nothing close: no suggestion")

        // Bad queries: a clear 400 or an empty page, never a 500.
        let long = try await http.send("GET", "/api/products?search_value=" + String(repeating: "a", count: 1_000))
        #expect(long.status == 400 && long.text.contains("search_value"), "\(long.text)")
        for raw in ["%01%02%1B%5B31m", "%ED%A0%80", "%ED%B0%80mug", "%21%40%23%24%25%5E%26*()", "%EF%BF%BD"] {
            let reply = try await http.send("GET", "/api/products?search_value=\(raw)")
            #expect([200, 400].contains(reply.status), "\(raw): \(reply.status) \(reply.text)")
            if reply.status == 200 { #expect(try reply.json()["totalCount"] as? Int == 0, "\(raw)") }
        }
        let typed = try await search(http, "ｔｅａｐｏｔ")
        #expect(typed.names.first == "Vintage Teapot", "full-width letters are letters")
        let decomposed = try await search(http, "\u{1106}\u{1165}\u{1100}\u{1173}\u{110F}\u{1165}\u{11B8}")
        #expect(Set(decomposed.names.prefix(2)) == ["제주 머그컵", "도자기 머그컵"], "decomposed jamo are syllables")
    }

    @Test("SQLite: the relevance set, the ranking named, did you mean, bad queries")
    func sqlite() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try await ServedMarket.start(directory)
        defer { server.process.stop() }
        try await Self.relevance(server.http, store: "SQLite")
        try await Self.answers(server.http)

        // The command line: did you mean on standard error (standard output stays products only).
        let cli = try SpawnedProcess(BuiltProducts.openmarket, ["products", "list", "--server", server.http.base, "--search", "teapottt", "--json"])
        #expect(cli.waitForExitBlocking() == 0)
        #expect(cli.standardOutput.contains(#""total":0"#), "\(cli.standardOutput)")
        #expect(
            cli.standardError.contains("no products match “teapottt”; did you mean “teapot”? (openmarket products list --search 'teapot')"),
            "\(cli.standardError)")
        let found = try SpawnedProcess(BuiltProducts.openmarket, ["products", "list", "--server", server.http.base, "--search", "teapot", "--json"])
        #expect(found.waitForExitBlocking() == 0)
        #expect(!found.standardError.contains("did you mean"), "nothing to suggest when something was found")
    }

    @Test(
        "PostgreSQL: the relevance set, the ranking named, did you mean, bad queries",
        .enabled(if: TestPostgres.runsCases, Comment(rawValue: TestPostgres.skipNotice)))
    func postgres() async throws {
        try await TestDatabase.with { url in
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let server = try await ServedMarket.start(directory, arguments: ["--database", url])
            defer { server.process.stop() }
            try await Self.relevance(server.http, store: "PostgreSQL")
            try await Self.answers(server.http)
        }
    }

    @Test(
        "an edit through one replica is found by a search on the other, and a deleted product is no longer",
        .enabled(if: TestPostgres.runsCases, Comment(rawValue: TestPostgres.skipNotice)))
    func replicas() async throws {
        try await TestDatabase.with { url in
            let folder = try TemporaryDirectory()
            defer { folder.remove() }
            func arguments(_ id: String) -> [String] { ["--database", url, "--replica-id", id] }
            let a = try await ServedMarket.start(dataDirectory: folder.path + "/a", arguments: arguments("a"))
            defer { a.process.stop() }
            let b = try await ServedMarket.start(dataDirectory: folder.path + "/b", arguments: arguments("b"))
            defer { b.process.stop() }
            let created = try await a.register(name: "Brass Astrolabe")
            #expect(created.status == 201, "\(created.text)")
            let id = try #require(try created.json()["id"] as? Int)
            // Right: milliseconds; wrong: never. The bound sits far from both on a loaded machine.
            func found(on http: LiveHTTP, _ query: String, _ expected: Bool) async throws -> Bool {
                let deadline = ContinuousClock.now + .seconds(60)
                while ContinuousClock.now < deadline {
                    if try await Self.search(http, query).names.contains(where: { $0.contains("Astrolab") || $0.contains("Sextant") }) == expected { return true }
                    try await Task.sleep(for: .milliseconds(20))
                }
                return false
            }
            #expect(try await found(on: b.http, "astrolab", true), "an insert on a is searchable on b")
            let edited = try await a.http.send(
                "PATCH", "/api/products/\(id)", headers: ["identifier": a.identifier, "Content-Type": "application/json"],
                body: Data(#"{"name":"Brass Sextant","secret":"\#(a.secret)"}"#.utf8))
            #expect(edited.status == 200, "\(edited.text)")
            #expect(try await found(on: b.http, "sextnat", true), "the new name, with a typo, on b")
            #expect(try await found(on: b.http, "astrolabe", false), "the old name no longer on b")
            let archived = try await b.http.send(
                "POST", "/api/products/\(id)/archived", headers: ["identifier": b.identifier, "Content-Type": "application/json"],
                body: Data(#"{"secret":"\#(b.secret)"}"#.utf8))
            #expect(archived.status == 200, "\(archived.text)")
            let deleted = try await b.http.send("DELETE", archived.text, headers: ["identifier": b.identifier])
            #expect(deleted.status == 200)
            #expect(try await found(on: a.http, "sextant", false), "a delete on b leaves a's search")
        }
    }
}

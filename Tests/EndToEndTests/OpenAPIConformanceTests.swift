import Foundation
import Mocks
import ServerTestSupport
import Testing

/// docs/openapi.yaml against the live `openmarket serve`, by an outside tester: schemathesis (PyPI, installed
/// by `make deps`) generates requests from the document served at /openapi.yaml — writes as the demo vendor,
/// edits and delete tokens mostly with its real secret (Scripts/schemathesis_hooks.py), so writes that
/// succeed are checked too — and
/// checks every answer: no server error, no status, content type, header or body outside the document.
@Suite("The OpenAPI document against the live server (schemathesis)", .serialized)
struct OpenAPIConformanceTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let schemathesis = root.appendingPathComponent(".build-tools/venv/bin/schemathesis").path

    /// Runs schemathesis on `market` and returns how many cases it generated; every check must pass. One worker:
    /// with two, its generator (hypothesis on CPython 3.11) now and then fails inside itself ("AST constructor
    /// recursion depth mismatch") though every case passed.
    static func conform(_ market: ServedMarket, owner: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> Int {
        let own = try await ownProduct(of: market)
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let answers = folder.url.appendingPathComponent("answers.txt")
        let process = try SpawnedProcess(
            schemathesis,
            ["run", "\(market.http.base)/openapi.yaml", "--checks",
             "not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance,response_schema_conformance",
             "-H", "identifier: \(market.identifier)", "--max-examples", "80", "--workers", "1", "--seed", "20261125",
             "--phases", "examples,coverage,fuzzing,stateful", "--no-color",
             // The change stream does not end: an answer schemathesis would wait for forever (its 400s and 429s
             // are ChangeStreamRouteTests' and the attack suite's).
             "--exclude-operation-id", "followChanges"],
            environment: [
                "SCHEMATHESIS_TELEMETRY": "false", "SCHEMATHESIS_HOOKS": "schemathesis_hooks",
                "PYTHONPATH": root.appendingPathComponent("Tests/EndToEndTests/Scripts").path, "OPENMARKET_TEST_SECRET": market.secret,
                "OPENMARKET_TEST_ANSWERS": answers.path, "OPENMARKET_TEST_OWNER": owner, "OPENMARKET_TEST_OWN_PRODUCT": "\(own)",
            ])
        let status = await process.waitForExit()
        let output = process.standardOutput
        #expect(status == 0, "schemathesis found answers outside the document:\n\(output.suffix(6000))", sourceLocation: sourceLocation)
        let generated = output.firstMatch(of: /(\d+) generated/).flatMap { Int($0.1) } ?? 0
        // Writes that succeed were among the answers checked: edits and delete tokens with the real secret.
        let calls = (try? String(contentsOf: answers, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
        let seen = Set(calls)
        print("schemathesis: \(calls.count) calls, \(calls.filter { $0 == "PATCH /api/products/{id} 200" }.count) edits answered 200")
        for answer in ["PATCH /api/products/{id} 200", "POST /api/products/{id}/archived 200", "PUT /api/wishlists/{owner} 200"] {
            #expect(seen.contains(answer), "\(answer) among \(seen.count) kinds of answer: \(seen.sorted().prefix(40))", sourceLocation: sourceLocation)
        }
        return generated
    }

    /// A product of the demo vendor's (the one schemathesis edits with its secret): the newest whose detail names
    /// the vendor "demo".
    static func ownProduct(of market: ServedMarket) async throws -> Int {
        let page = try await market.http.send("GET", "/api/products?page_no=1&items_per_page=20").json()
        for product in page["pages"] as? [[String: Any]] ?? [] {
            guard let id = product["id"] as? Int else { continue }
            let detail = try await market.http.send("GET", "/api/products/\(id)").json()
            if (detail["vendors"] as? [String: Any])?["name"] as? String == "demo" { return id }
        }
        throw SpawnError("no product of the demo vendor's on page 1")
    }

    /// A front's wish-list issuer key and an owner it issued (`openmarket ssh --print-issuer`, `--issue-owner`).
    static func issued(in folder: TemporaryDirectory) throws -> (issuer: String, owner: String) {
        let key = ["ssh", "--host-key", folder.path + "/front_key", "--data-dir", folder.path + "/front"]
        let issuer = try SpawnedProcess.run(BuiltProducts.openmarket, key + ["--print-issuer"]).output
        let owner = try SpawnedProcess.run(BuiltProducts.openmarket, key + ["--issue-owner", "conformance-visitor-01"]).output
        return (issuer.trimmingCharacters(in: .whitespacesAndNewlines), owner.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test("SQLite: at least 1,000 generated cases, every answer inside the document")
    func sqlite() async throws {
        #expect(FileManager.default.isExecutableFile(atPath: Self.schemathesis), "make deps installs schemathesis in .build-tools/venv")
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        // No per-address limits (as behind a balancer): the wish-list write rate's 429s, which come as time
        // allows, would change the stateful phase's path from run to run and machine to machine (the 429 has
        // a test of its own, WishListRouteTests.writeRate).
        let (issuer, owner) = try Self.issued(in: folder)
        let market = try await ServedMarket.start(folder, arguments: ["--max-connections-per-address", "0", "--wish-list-issuer", issuer])
        defer { market.process.stop() }
        let cases = try await Self.conform(market, owner: owner)
        #expect(cases >= 1_000, "\(cases) cases")
    }

    @Test(
        "PostgreSQL: at least 1,000 generated cases, every answer inside the document",
        .enabled(if: TestPostgres.runsCases, Comment(rawValue: TestPostgres.skipNotice)))
    func postgres() async throws {
        try await TestDatabase.with { url in
            let folder = try TemporaryDirectory()
            defer { folder.remove() }
            let (issuer, owner) = try Self.issued(in: folder)
            let market = try await ServedMarket.start(
                folder, arguments: ["--database", url, "--max-connections-per-address", "0", "--wish-list-issuer", issuer])
            defer { market.process.stop() }
            let cases = try await Self.conform(market, owner: owner)
            #expect(cases >= 1_000, "\(cases) cases")
        }
    }
}

import Foundation
import HTTPTypes
import HummingbirdTesting
import MarketServer
import Mocks
import Testing

@Suite("Methods: a known path asked with another method is 405 with Allow", .postgresSchemas)
struct MethodTests {
    @Test(
        "405 and the methods the path takes",
        arguments: StoreKind.allCases, [
            (HTTPRequest.Method(rawValue: "TRACE")!, "/healthChecker", "GET"),
            (.post, "/healthChecker", "GET"),
            (.delete, "/api/products", "GET, POST"),
            (.put, "/api/products/1", "GET, PATCH, DELETE"),
            (.get, "/api/products/1/archived", "POST"),
            // The change stream's path is also matched by the `:id` routes: its own methods, not a 400 about an id.
            (.patch, "/api/products/changes", "GET"),
            (.delete, "/api/products/changes", "GET"),
            (.post, "/images/1/20261123/x.jpg", "GET"),
        ])
    func notAllowed(store: StoreKind, request: (method: HTTPRequest.Method, path: String, allow: String))
        async throws
    {
        let (method, path, allow) = request
        let market = try await TestMarket.make(store: store)
        defer { market.directory.remove() }
        try await market.test { client in
            let response = try await client.execute(uri: path, method: method)
            #expect(response.status == .methodNotAllowed, "\(method) \(path)")
            #expect(response.headers[.allow] == allow)
            let body = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
            #expect(body?["code"] as? Int == 405)
            #expect((body?["message"] as? String)?.contains(path) == true)
        }
    }

    @Test(
        "unknown paths stay 404; every method the table allows reaches a route (never 404 or 405 from the router)",
        arguments: StoreKind.allCases)
    func tableMatchesRouter(store: StoreKind) async throws {
        let market = try await TestMarket.make(store: store)
        defer { market.directory.remove() }
        try await market.test { client in
            #expect(try await client.execute(uri: "/nope", method: .get).status == .notFound)
            #expect(try await client.execute(uri: "/api/products/1/other", method: .post).status == .notFound)
            let samples: [(HTTPRequest.Method, String)] = [
                (.get, "/healthChecker"), (.get, "/api/products"), (.post, "/api/products"), (.get, "/api/products/1"),
                (.patch, "/api/products/1"), (.delete, "/api/products/abc"), (.post, "/api/products/1/archived"),
                (.get, "/images/1/x.jpg"),
            ]
            for (method, path) in samples {
                let response = try await client.execute(uri: path, method: method)
                #expect(response.status != .methodNotAllowed, "\(method) \(path)")
                let text = String(buffer: response.body)
                #expect(!text.contains("no such endpoint"), "\(method) \(path): \(text)")
            }
        }
    }
}

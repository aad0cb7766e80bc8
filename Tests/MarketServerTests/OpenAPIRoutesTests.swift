import Foundation
import HTTPTypes
import HummingbirdTesting
import Mocks
import Testing

@testable import MarketServer

/// The OpenAPI document cannot drift from the server: the routes the router registers, the methods the 405
/// table allows and the document's paths and operations are one set; the served document names the server.
@Suite("The OpenAPI document and the router")
struct OpenAPIRoutesTests {
    /// "METHOD /path" for each operation of the document (its paths are the keys two spaces in, its
    /// operations the method keys four spaces in).
    static func documented(_ yaml: String) -> Set<String> {
        var operations: Set<String> = []
        var path: String?
        var inPaths = false
        for line in yaml.split(separator: "\n", omittingEmptySubsequences: false) {
            if !line.hasPrefix(" ") { inPaths = line == "paths:" }
            guard inPaths else { continue }
            if line.hasPrefix("  /"), line.hasSuffix(":") {
                path = String(line.dropFirst(2).dropLast())
            } else if let path, let method = ["get", "post", "put", "patch", "delete"].first(where: { line == "    \($0):" }) {
                operations.insert("\(method.uppercased()) \(path)")
            }
        }
        return operations
    }

    /// A request path for a route's template (a capture filled in).
    static func sample(_ template: String) -> String {
        template.replacingOccurrences(of: "{vendor}/{day}/{file}", with: "1/20261123/x.jpg")
            .replacingOccurrences(of: "{owner}", with: String(repeating: "a", count: 40))
            .replacingOccurrences(of: "{id}", with: "7")
            .replacingOccurrences(of: "{viewer}", with: "0123abcd")
    }

    @Test("every route the router registers is in the document with its method, and nothing else is; the 405 table allows the same")
    func sameRoutes() async throws {
        let market = try await TestMarket.make(store: .memory)
        defer { market.directory.remove() }
        let routes = Set(
            market.server.router().routes.map { route in
                let path = route.path.description.replacingOccurrences(of: "/images/**", with: "/images/{vendor}/{day}/{file}")
                return "\(route.method.rawValue) \(path)"
            })
        let documented = Self.documented(OpenAPIDocument.yaml)
        #expect(documented.count >= 10, "the document read: \(documented.sorted())")
        // /metrics is a route only where metrics are kept (serve's default; this test server keeps none).
        #expect(routes.union(["GET /metrics"]) == documented, "router \(routes.sorted()) — document \(documented.sorted())")
        for operation in documented {
            let parts = operation.split(separator: " ", maxSplits: 1)
            let allowed = RouteMethods.allowed(on: Self.sample(String(parts[1])))?.map(\.rawValue) ?? []
            #expect(allowed.contains(String(parts[0])), "\(operation): the 405 table allows \(allowed)")
        }
        for path in Set(documented.map { String($0.split(separator: " ", maxSplits: 1)[1]) }) {
            let allowed = Set(RouteMethods.allowed(on: Self.sample(path))?.map(\.rawValue) ?? [])
            let inDocument = Set(documented.filter { $0.hasSuffix(" " + path) }.map { String($0.split(separator: " ")[0]) })
            #expect(allowed == inDocument, "\(path): table \(allowed.sorted()), document \(inDocument.sorted())")
        }
    }

    @Test("GET /openapi.yaml is the document, its servers entry naming this server's address")
    func served() async throws {
        let market = try await TestMarket.make(store: .memory)
        defer { market.directory.remove() }
        try await market.test { client in
            let response = try await client.execute(uri: "/openapi.yaml", method: .get)
            #expect(response.status == .ok && response.headers[.contentType] == "application/yaml; charset=utf-8")
            let text = String(buffer: response.body)
            #expect(text.contains("servers:\n  - url: http://market.test\ntags:"), "\(text.prefix(1200))")
            #expect(text.replacingOccurrences(of: "  - url: http://market.test\n", with: "") == OpenAPIDocument.yaml.replacingOccurrences(
                of: "  - url: http://127.0.0.1:8080\n    description: Where `openmarket serve` listens unless told otherwise; the document a server answers at /openapi.yaml names that server's own address here.\n",
                with: ""), "otherwise the document itself")
        }
    }
}

/// The document says the market's words (MarketWords), as the server parses and writes them.
@Suite("The OpenAPI document and the market's words")
struct OpenAPIWordsTests {
    static let yaml = OpenAPIDocument.yaml

    @Test("the orders, currencies, listing parameters and bounds, written out")
    func listing() {
        #expect(Self.yaml.components(separatedBy: "enum: [newest, price-asc, price-desc, discount, stock]").count == 3, "the parameter and the page's echo")
        #expect(Self.yaml.contains("schema: {type: string, enum: [KRW, USD, krw, usd]}"))
        #expect(Self.yaml.components(separatedBy: "currency: {type: string, enum: [KRW, USD]}").count == 4)
        for name in ["page_no", "items_per_page", "search_value", "sort", "in_stock", "currency", "price_min", "price_max"] {
            #expect(Self.yaml.contains("        - name: \(name)\n          in: query\n"), "\(name)")
        }
        #expect(Self.yaml.contains("schema: {type: integer, minimum: 1, maximum: 100}"))
        #expect(Self.yaml.components(separatedBy: #"pattern: "^[0-9]{1,15}(\\.[0-9]{1,4})?$""#).count == 3)
    }

    @Test("a product's fields, the rules and the delete steps, written out")
    func product() {
        #expect(Self.yaml.contains(
            "      required: [id, vendor_id, name, description, thumbnail, currency, price, bargain_price, discounted_price, stock, created_at, issued_at]\n"))
        #expect(Self.yaml.contains("        created_at: {$ref: \"#/components/schemas/Timestamp\"}\n        issued_at: {$ref: \"#/components/schemas/Timestamp\"}\n    ListItem:"))
        #expect(Self.yaml.components(separatedBy: "name: {type: string, minLength: 3, maxLength: 100}").count == 3)
        #expect(Self.yaml.components(separatedBy: "description: {type: string, minLength: 10, maxLength: 1000}").count == 3)
        #expect(Self.yaml.contains("each at most 307,200 bytes.\n                  type: array\n                  minItems: 1\n                  maxItems: 5\n"))
        #expect(Self.yaml.contains("  /api/products/{id}/archived:\n    post:\n"))
    }
}

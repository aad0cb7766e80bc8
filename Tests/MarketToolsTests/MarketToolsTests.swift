import Foundation
import MCP
import MarketCommands
import MarketTools
import Mocks
import OpenMarketAPI
import Testing

/// The MCP tools below the protocol: the table, the schemas derived from the parameters, arguments refused by
/// the same parameters before anything is sent, and calls against a scripted market (the end-to-end test drives
/// the real binary with a real MCP client).
@Suite("The MCP tools")
struct MarketToolsTests {
    static let base = URL(string: "http://market.test")!
    static let vendor = VendorIdentity(identifier: "8f7bc8b5-4b8f-11ec-9a1f-0f5e1d1a9c01", secret: "s3cret")

    /// The tools over a scripted market, with or without a vendor identity.
    static func tools(_ transport: MockTransport, identity: VendorIdentity? = vendor) -> MarketTools {
        MarketTools(market: .init(client: OpenMarketClient(baseURL: base, transport: transport), url: base, identity: identity))
    }

    /// The texts of a call's answer.
    static func texts(_ result: CallTool.Result) -> [String] {
        result.content.compactMap { content in
            if case .text(let text, _, _) = content { return text }
            return nil
        }
    }

    /// The JSON object of a call's first text.
    static func object(_ result: CallTool.Result) throws -> [String: Any] {
        let text = try #require(texts(result).first)
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
    }

    @Test("six tools in the table; without an identity only the three that read are offered, and how each is annotated")
    func table() {
        let transport = MockTransport()
        #expect(MarketTools.all.map(\.name) == [
            "search_products", "list_products", "show_product", "register_product", "edit_product", "delete_product",
        ])
        #expect(Self.tools(transport).tools.map(\.name) == MarketTools.all.map(\.name))
        #expect(Self.tools(transport, identity: nil).tools.map(\.name) == ["search_products", "list_products", "show_product"])
        let annotations = Dictionary(uniqueKeysWithValues: Self.tools(transport).tools.map { ($0.name, $0.annotations) })
        #expect(annotations["show_product"]?.readOnlyHint == true && annotations["show_product"]?.destructiveHint == nil)
        #expect(annotations["register_product"]?.readOnlyHint == nil && annotations["register_product"]?.destructiveHint == false)
        #expect(annotations["edit_product"]?.destructiveHint == true && annotations["delete_product"]?.destructiveHint == true)
    }

    @Test("list_products' schema, written out: the market's orders as its enum, the page's bounds")
    func listSchema() {
        let expected: Value = [
            "type": "object",
            "properties": [
                "sort": [
                    "type": "string", "description": "newest, price-asc, price-desc, discount or stock.",
                    "enum": ["newest", "price-asc", "price-desc", "discount", "stock"],
                ],
                "in_stock": ["type": "boolean", "description": "Only products in stock."],
                "page": ["type": "integer", "description": "The page, from 1.", "minimum": 1],
                "per_page": ["type": "integer", "description": "Products a page, 1 to 100 (default 20).", "minimum": 1, "maximum": 100],
            ],
        ]
        #expect(MarketTool.listProducts.inputSchema == expected)
    }

    @Test("register_product's schema: what is required, in order; the rules' lengths, the currencies and the pictures' count")
    func registerSchema() throws {
        let schema = try #require(MarketTool.registerProduct.inputSchema.objectValue)
        #expect(schema["required"] == ["name", "description", "price", "pictures"])
        let properties = try #require(schema["properties"]?.objectValue)
        #expect(properties["name"] == ["type": "string", "description": "3 to 100 characters.", "minLength": 3, "maxLength": 100])
        #expect(properties["description"]?.objectValue?["description"] == "10 to 1,000 characters.")
        #expect(properties["currency"] == ["type": "string", "description": "KRW or USD.", "enum": ["KRW", "USD"]])
        #expect(properties["pictures"] == [
            "type": "array", "minItems": 1, "maxItems": 5, "items": ["type": "string"],
            "description": "1 to 5 picture files (JPEG or PNG) on this machine; over 300 KB they are shrunk.",
        ])
        #expect(Set(properties.keys) == ["name", "description", "price", "currency", "discount", "stock", "pictures"])
    }

    /// A call refused before anything is sent, and why.
    struct Refusal: Sendable, CustomTestStringConvertible {
        var tool: String
        var arguments: [String: Value]
        var reason: String
        var testDescription: String { "\(tool): \(reason)" }
    }

    static let refusals: [Refusal] = [
        Refusal(tool: "list_products", arguments: ["per_page": .int(0)], reason: "per_page must be from 1 to 100"),
        Refusal(tool: "list_products", arguments: ["per_page": .int(101)], reason: "per_page must be at most 100"),
        Refusal(tool: "list_products", arguments: ["page": .int(0)], reason: "page must be 1 or more"),
        Refusal(tool: "list_products", arguments: ["page": .string("two")], reason: "page must be a whole number"),
        Refusal(
            tool: "list_products", arguments: ["sort": .string("cheapest")],
            reason: "sort must be newest, price-asc, price-desc, discount or stock, not cheapest"),
        Refusal(tool: "search_products", arguments: ["in_stock": .string("yes")], reason: "in_stock must be true or false"),
        Refusal(tool: "show_product", arguments: [:], reason: "id is required: The product's id."),
        Refusal(tool: "show_product", arguments: ["id": .int(0)], reason: "id must be 1 or more"),
        Refusal(tool: "edit_product", arguments: ["id": .int(3), "name": .array([.string("a")])], reason: "name must be text"),
        Refusal(
            tool: "register_product", arguments: ["name": .string("Kettle"), "pictures": .string("kettle.jpg")],
            reason: "pictures must be a list of file paths"),
        Refusal(tool: "no_such_tool", arguments: [:], reason: "no tool named no_such_tool"),
    ]

    @Test("arguments outside their parameter's bounds are refused by name, and nothing is sent", arguments: refusals)
    func refused(_ refusal: Refusal) async {
        let transport = MockTransport()
        let result = await Self.tools(transport).call(refusal.tool, refusal.arguments)
        #expect(result.isError == true && Self.texts(result) == [refusal.reason], "\(Self.texts(result))")
        #expect(transport.requests.isEmpty)
    }

    @Test("a listing sends the order, filter and page asked in the market's words, and answers the page's records")
    func list() async throws {
        let transport = MockTransport()
        transport.enqueue("GET", "/api/products", try .fixture(.pageCamel))
        let result = await Self.tools(transport).call("list_products", ["sort": "price-asc", "in_stock": true, "page": 2, "per_page": 3])
        #expect(result.isError == false)
        let request = try #require(transport.requests.first)
        #expect(request.url.query == "page_no=2&items_per_page=3&sort=price-asc&in_stock=true")
        let page = try Self.object(result)
        #expect(page["total"] as? Int == 8 && page["page"] as? Int == 2 && page["has_next"] as? Bool == true)
        #expect((page["products"] as? [[String: Any]])?.map { $0["id"] as? Int } == [5, 4, 3])
    }

    @Test("a search sends its words; no order asked is the server's own (nothing sent for it)")
    func search() async throws {
        let transport = MockTransport()
        transport.enqueue("GET", "/api/products", try .fixture(.pageCamel))
        let result = await Self.tools(transport).call("search_products", ["query": "mug"])
        #expect(result.isError == false)
        #expect(transport.requests.first?.url.query == "page_no=1&items_per_page=20&search_value=mug")
    }

    @Test("a search that found nothing hands on the market's did-you-mean; one that found something, or a course server, none")
    func didYouMean() async throws {
        let transport = MockTransport()
        let empty = #"{"pageNo":1,"itemsPerPage":20,"totalCount":0,"lastPage":0,"hasNext":false,"hasPrev":false,"pages":[]"#
        transport.enqueue("GET", "/api/products", .json(empty + #","search":{"ranking":"best-match","suggestion":"tea \"pot\""}}"#))
        transport.enqueue("GET", "/api/products", .json(empty + "}"))
        let tools = Self.tools(transport)
        let offered = try Self.object(await tools.call("search_products", ["query": "teapottt"]))
        #expect(offered["did_you_mean"] as? String == #"tea "pot""#, "\(offered)")
        #expect(offered["total"] as? Int == 0)
        let course = try Self.object(await tools.call("search_products", ["query": "teapottt"]))
        #expect(course["did_you_mean"] == nil && course["total"] as? Int == 0)
    }

    @Test("delete_product takes the API's two steps with the vendor's secret and answers what the product was")
    func delete() async throws {
        let transport = MockTransport()
        transport.enqueue("POST", "/api/products/17/archived", .text("/api/products/tok-1"))
        transport.enqueue("DELETE", "/api/products/tok-1", try .fixture(.detail))
        let result = await Self.tools(transport).call("delete_product", ["id": 17])
        #expect(result.isError == false, "\(Self.texts(result))")
        #expect(transport.requests.map { "\($0.method) \($0.url.path)" } == ["POST /api/products/17/archived", "DELETE /api/products/tok-1"])
        #expect(String(decoding: transport.requests[0].body ?? [], as: UTF8.self) == #"{"secret":"s3cret"}"#)
        #expect(transport.requests.allSatisfy { $0.headers.contains { $0.name == "identifier" && $0.value == Self.vendor.identifier } })
        #expect(try Self.object(result)["id"] as? Int == 17)
    }

    @Test("a writing tool called without an identity is refused, and nothing is sent")
    func noIdentity() async {
        let transport = MockTransport()
        let result = await Self.tools(transport, identity: nil).call("delete_product", ["id": 17])
        #expect(result.isError == true && Self.texts(result).first?.hasPrefix("this needs a vendor identity") == true)
        #expect(transport.requests.isEmpty)
    }

    @Test("a registration that breaks the form's rules says every broken rule in the form's words, and nothing is sent")
    func brokenRules() async {
        let transport = MockTransport()
        let result = await Self.tools(transport).call(
            "register_product", ["name": "Ke", "description": "A kettle that sings.", "price": 12000, "currency": "EUR"])
        let said = Self.texts(result).joined(separator: "\n")
        #expect(result.isError == true)
        #expect(said.contains("name: Name must be 3–100 characters (now 2).") && said.contains("pictures: Choose 1–5 pictures (now 0)."), "\(said)")
        #expect(said.contains("currency: Currency must be KRW or USD."), "\(said)")
        #expect(!said.contains("price:"), "12000 given as a number is the price's text: \(said)")
        #expect(transport.requests.isEmpty)
    }

    @Test("show_product with pictures: the record, each picture as image content, and a file that is no picture named instead")
    func showPictures() async throws {
        let transport = MockTransport()
        transport.enqueue("GET", "/api/products/17", try .fixture(.detail))
        let jpeg = FixturePictures.jpeg()
        transport.enqueue("GET", "/images/2/20221115/aa11_origin.jpg", .init(body: jpeg))
        transport.enqueue("GET", "/images/2/20221115/bb22_origin.png", .init(body: Array("not a picture".utf8)))
        let result = await Self.tools(transport, identity: nil).call("show_product", ["id": 17, "pictures": true])
        #expect(result.isError == false && result.content.count == 3)
        #expect(try Self.object(result)["id"] as? Int == 17)
        guard result.content.count == 3 else { return }
        #expect(result.content[1] == .image(data: Data(jpeg).base64EncodedString(), mimeType: "image/jpeg", annotations: nil, _meta: nil))
        #expect(result.content[2] == .text(
            text: "picture 2 (http://127.0.0.1:8080/images/2/20221115/bb22_origin.png) is not a JPEG or PNG", annotations: nil, _meta: nil))
    }
}

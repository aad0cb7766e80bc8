import Foundation
import ImageCodec
import ImagePipeline
import MCP
import MarketCommands
import OpenMarketAPI

/// The MCP tools over one market: their names, descriptions and input schemas, and what a call does. A call
/// that cannot be done answers `isError` with the reason in words (the form's, for the product rules).
struct MarketTools: Sendable {
    let market: MarketAccess.Market

    /// A JSON schema property.
    static func property(_ type: String, _ description: String, extra: [String: Value] = [:]) -> Value {
        .object(["type": .string(type), "description": .string(description)].merging(extra) { $1 })
    }

    /// The order, filter and page of a listing, as both listing tools take them.
    static let listing: [String: Value] = [
        "sort": property("string", "newest, price-asc, price-desc or discount.", extra: ["enum": ["newest", "price-asc", "price-desc", "discount"]]),
        "in_stock": property("boolean", "Only products in stock."),
        "page": property("integer", "The page, from 1.", extra: ["minimum": 1]),
        "per_page": property("integer", "Products a page, 1 to 100 (default 20).", extra: ["minimum": 1, "maximum": 100]),
    ]

    static let fields: [String: Value] = [
        "name": property("string", "3 to 100 characters.", extra: ["minLength": 3, "maxLength": 100]),
        "description": property("string", "10 to 1,000 characters.", extra: ["minLength": 10, "maxLength": 1000]),
        "price": property("string", "A number of 0 or more: 12000, 12,000 or 2.36."),
        "currency": property("string", "KRW or USD.", extra: ["enum": ["KRW", "USD"]]),
        "discount": property("string", "An amount off the price, at most the price (default 0)."),
        "stock": property("string", "How many are in stock, a whole number (default 0)."),
    ]

    /// The tools offered: reading always, writing only with a vendor identity.
    var tools: [Tool] {
        var tools = [
            Tool(
                name: "search_products", title: "Search products",
                description: "Products whose name or description contains the words, newest first or in the order asked; a page at a time.",
                inputSchema: .object([
                    "type": "object",
                    "properties": .object(Self.listing.merging(["query": Self.property("string", "Words to find (empty: every product).")]) { $1 }),
                ]), annotations: .init(readOnlyHint: true)),
            Tool(
                name: "list_products", title: "List products",
                description: "A page of the market's products, newest first or in the order asked.",
                inputSchema: .object([
                    "type": "object",
                    "properties": .object(Self.listing),
                ]), annotations: .init(readOnlyHint: true)),
            Tool(
                name: "show_product", title: "Show a product",
                description: "One product with its pictures' addresses and its vendor; with pictures: true, its pictures (up to five) as images too.",
                inputSchema: .object([
                    "type": "object",
                    "properties": .object([
                        "id": Self.property("integer", "The product's id.", extra: ["minimum": 1]),
                        "pictures": Self.property("boolean", "Also send the product's pictures as image content (a picture that cannot be fetched is named in a text instead)."),
                    ]),
                    "required": ["id"],
                ]), annotations: .init(readOnlyHint: true)),
        ]
        guard market.identity != nil else { return tools }
        var register = Self.fields
        register["pictures"] = .object([
            "type": "array", "minItems": 1, "maxItems": 5, "items": .object(["type": "string"]),
            "description": "1 to 5 picture files (JPEG or PNG) on this machine; over 300 KB they are shrunk.",
        ])
        tools += [
            Tool(
                name: "register_product", title: "Register a product",
                description: "Registers a product with 1 to 5 pictures as this server's vendor, in one atomic step.",
                inputSchema: .object([
                    "type": "object", "properties": .object(register), "required": ["name", "description", "price", "pictures"],
                ])),
            Tool(
                name: "edit_product", title: "Edit a product",
                description: "Changes the fields given of one of this vendor's products.",
                inputSchema: .object([
                    "type": "object",
                    "properties": .object(Self.fields.merging(["id": Self.property("integer", "The product's id.", extra: ["minimum": 1])]) { $1 }),
                    "required": ["id"],
                ])),
            Tool(
                name: "delete_product", title: "Delete a product",
                description: "Deletes one of this vendor's products.",
                inputSchema: .object([
                    "type": "object",
                    "properties": .object(["id": Self.property("integer", "The product's id.", extra: ["minimum": 1])]),
                    "required": ["id"],
                ]), annotations: .init(destructiveHint: true)),
        ]
        return tools
    }

    /// What calling `name` with `arguments` answers.
    func call(_ name: String, _ arguments: [String: Value]) async -> CallTool.Result {
        do {
            switch name {
            case "search_products", "list_products": return try await list(arguments, search: name == "search_products")
            case "show_product": return try await show(arguments)
            case "register_product": return try await register(arguments)
            case "edit_product": return try await edit(arguments)
            case "delete_product": return try await delete(arguments)
            default: return Self.refusal("no tool named \(name)")
            }
        } catch let failure as CommandFailure {
            return Self.refusal(failure.description)
        } catch {
            return Self.refusal("\(error)")
        }
    }

    static func refusal(_ text: String) -> CallTool.Result {
        .init(content: [.text(text: text, annotations: nil, _meta: nil)], isError: true)
    }

    static func json(_ text: String) -> CallTool.Result {
        .init(content: [.text(text: text, annotations: nil, _meta: nil)], isError: false)
    }

    /// The identity writes need, or the refusal that says so.
    func identity() throws -> VendorIdentity {
        guard let identity = market.identity else { throw CommandFailure.noIdentity }
        return identity
    }

    func list(_ arguments: [String: Value], search: Bool) async throws -> CallTool.Result {
        let perPage = arguments["per_page"]?.intValue ?? 20
        guard (1...100).contains(perPage) else { return Self.refusal("per_page must be from 1 to 100") }
        let number = arguments["page"]?.intValue ?? 1
        guard number >= 1 else { return Self.refusal("page must be 1 or more") }
        let listing = PageListing(sort: arguments["sort"]?.stringValue ?? "newest", inStockOnly: arguments["in_stock"]?.boolValue ?? false)
        let page: ProductPage
        do throws(OpenMarketError) {
            page = try await market.client.page(
                number: number, itemsPerPage: perPage,
                search: search ? arguments["query"]?.stringValue : nil, listing: listing)
        } catch {
            throw CommandFailure(error, market: market.url)
        }
        let items = page.products.map { ProductRecord($0).json() }.joined(separator: ",")
        return Self.json("{\"products\":[\(items)],\"total\":\(page.totalCount),\"page\":\(page.pageNumber),\"has_next\":\(page.hasNext)}")
    }

    func show(_ arguments: [String: Value]) async throws -> CallTool.Result {
        guard let id = arguments["id"]?.intValue, id > 0 else { return Self.refusal("id must be a whole number above 0") }
        let detail = try await market.product(id)
        var content: [Tool.Content] = [.text(text: ProductRecord(detail).json(), annotations: nil, _meta: nil)]
        if arguments["pictures"]?.boolValue == true {
            for (index, image) in detail.images.prefix(5).enumerated() {
                do throws(OpenMarketError) {
                    let bytes = try await market.client.data(from: image.url)
                    guard let format = ImageFormat.detect(bytes) else {
                        content.append(.text(text: "picture \(index + 1) (\(image.url.absoluteString)) is not a JPEG or PNG", annotations: nil, _meta: nil))
                        continue
                    }
                    content.append(.image(data: Data(bytes).base64EncodedString(), mimeType: format.mimeType, annotations: nil, _meta: nil))
                } catch {
                    content.append(
                        .text(text: "picture \(index + 1) (\(image.url.absoluteString)) could not be fetched: \(error.userMessage(in: .english))", annotations: nil, _meta: nil))
                }
            }
        }
        return .init(content: content, isError: false)
    }

    /// The draft the arguments make over `base`, as the form would hold it.
    static func draft(_ arguments: [String: Value], over base: ProductDraft) -> ProductDraft {
        var draft = base
        func text(_ key: String) -> String? {
            arguments[key]?.stringValue ?? arguments[key]?.intValue.map(String.init) ?? arguments[key]?.doubleValue.map { "\($0)" }
        }
        if let name = text("name") { draft.name = name }
        if let description = text("description") { draft.description = description }
        if let price = text("price") { draft.price = price }
        if let currency = text("currency") { draft.currency = Currency(code: currency) }
        if let discount = text("discount") { draft.discountedPrice = discount }
        if let stock = text("stock") { draft.stock = stock }
        return draft
    }

    func register(_ arguments: [String: Value]) async throws -> CallTool.Result {
        let identity = try identity()
        let paths = arguments["pictures"]?.arrayValue?.compactMap(\.stringValue) ?? []
        var draft = Self.draft(arguments, over: ProductDraft())
        draft.pictureCount = paths.count
        let violations = draft.validate()
        guard violations.isEmpty, let product = draft.parsed else { throw CommandFailure(violations, naming: \.argumentName) }
        let uploads = try UploadPicture.prepared(paths)
        do throws(OpenMarketError) {
            return Self.json(ProductRecord(try await market.client.register(product, pictures: uploads, identity: identity)).json())
        } catch {
            throw CommandFailure(error, market: market.url)
        }
    }

    func edit(_ arguments: [String: Value]) async throws -> CallTool.Result {
        let identity = try identity()
        guard let id = arguments["id"]?.intValue, id > 0 else { return Self.refusal("id must be a whole number above 0") }
        let current = try await market.product(id).summary
        let draft = Self.draft(arguments, over: ProductDraft(editing: current))
        let violations = draft.validate()
        guard violations.isEmpty, let parsed = draft.parsed else { throw CommandFailure(violations, naming: \.argumentName) }
        do throws(OpenMarketError) {
            let detail = try await market.client.update(id: id, changes: .edit(current, parsed), identity: identity)
            return Self.json(ProductRecord(detail).json())
        } catch {
            throw CommandFailure(error, market: market.url)
        }
    }

    func delete(_ arguments: [String: Value]) async throws -> CallTool.Result {
        let identity = try identity()
        guard let id = arguments["id"]?.intValue, id > 0 else { return Self.refusal("id must be a whole number above 0") }
        do throws(OpenMarketError) {
            let path = try await market.client.deletePath(id: id, identity: identity)
            return Self.json(ProductRecord(try await market.client.delete(path: path, identity: identity)).json())
        } catch {
            throw CommandFailure(error, market: market.url)
        }
    }
}

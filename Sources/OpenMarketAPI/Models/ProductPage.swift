/// One page of the product list, newest first.
///
/// Decodes both the live server's camelCase page keys (`pageNo`, `itemsPerPage`, …) and the snake_case
/// keys of older dumps (`page_no`, `items_per_page`, …). `pageNo`, `itemsPerPage`, `totalCount` and
/// `pages` are required; `offset`, `limit`, `lastPage`, `hasNext` and `hasPrev` are derived from them
/// when missing, by the formulas in API.md.
public struct ProductPage: Sendable, Equatable, Decodable {
    /// The page's number, from 1.
    public var pageNumber: Int
    public var itemsPerPage: Int
    /// How many products match, on all pages together.
    public var totalCount: Int
    /// `(pageNumber − 1) × itemsPerPage`.
    public var offset: Int
    /// `offset + itemsPerPage`.
    public var limit: Int
    /// `ceil(totalCount / itemsPerPage)`; 0 when nothing matches.
    public var lastPage: Int
    public var hasNext: Bool
    public var hasPrev: Bool
    /// The products on this page (JSON key `pages`).
    public var products: [ProductSummary]
    /// How the server ordered and filtered it, when it speaks the listing extension; nil for a course-API
    /// server (then it is newest first, everything).
    public var listing: PageListing?
    /// How a search was ranked, when the server says (`openmarket serve`); nil for a course-API server.
    public var search: PageSearch?

    /// A page with every field given.
    public init(
        pageNumber: Int, itemsPerPage: Int, totalCount: Int, offset: Int, limit: Int, lastPage: Int,
        hasNext: Bool, hasPrev: Bool, products: [ProductSummary], listing: PageListing? = nil, search: PageSearch? = nil
    ) {
        self.listing = listing
        self.search = search
        self.pageNumber = pageNumber
        self.itemsPerPage = itemsPerPage
        self.totalCount = totalCount
        self.offset = offset
        self.limit = limit
        self.lastPage = lastPage
        self.hasNext = hasNext
        self.hasPrev = hasPrev
        self.products = products
    }

    enum CodingKeys: String, CodingKey {
        case pageNo, page_no
        case itemsPerPage, items_per_page
        case totalCount, total_count
        case offset
        case limit
        case lastPage, last_page
        case hasNext, has_next
        case hasPrev, has_prev
        case pages
        case listing
        case search
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        pageNumber = try Self.required(container, .pageNo, .page_no)
        itemsPerPage = try Self.required(container, .itemsPerPage, .items_per_page)
        totalCount = try Self.required(container, .totalCount, .total_count)
        products = try container.decode([ProductSummary].self, forKey: .pages)

        let derivedOffset = max(0, pageNumber - 1) * itemsPerPage
        let derivedLastPage = itemsPerPage > 0 ? (totalCount + itemsPerPage - 1) / itemsPerPage : 0
        offset = try container.decodeIfPresent(Int.self, forKey: .offset) ?? derivedOffset
        limit = try container.decodeIfPresent(Int.self, forKey: .limit) ?? offset + itemsPerPage
        lastPage = try Self.optional(container, .lastPage, .last_page) ?? derivedLastPage
        hasNext = try Self.optional(container, .hasNext, .has_next) ?? (pageNumber < lastPage)
        hasPrev = try Self.optional(container, .hasPrev, .has_prev) ?? (pageNumber > 1)
        // Read leniently: a server's own "listing" of another shape is not this extension.
        listing = try? container.decodeIfPresent(PageListing.self, forKey: .listing)
        search = try? container.decodeIfPresent(PageSearch.self, forKey: .search)
    }

    /// The value under the camelCase key, else under the snake_case key, else nil.
    private static func optional<Value: Decodable>(
        _ container: KeyedDecodingContainer<CodingKeys>, _ camel: CodingKeys, _ snake: CodingKeys
    ) throws -> Value? {
        if let value = try container.decodeIfPresent(Value.self, forKey: camel) { return value }
        return try container.decodeIfPresent(Value.self, forKey: snake)
    }

    /// Like `optional`, but a missing value is a key-not-found error naming the camelCase key.
    private static func required<Value: Decodable>(
        _ container: KeyedDecodingContainer<CodingKeys>, _ camel: CodingKeys, _ snake: CodingKeys
    ) throws -> Value {
        guard let value: Value = try optional(container, camel, snake) else {
            throw DecodingError.keyNotFound(
                camel,
                .init(
                    codingPath: container.codingPath,
                    debugDescription: "no value for \(camel.stringValue) or \(snake.stringValue)"))
        }
        return value
    }
}

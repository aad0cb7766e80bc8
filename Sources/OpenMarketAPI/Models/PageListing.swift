public import MarketWords
/// How a server orders and filters a page — the extension `openmarket serve` speaks beside the course API
/// (docs/API.md, "Order and filter"): `sort` (a ``ListingOrder``), `in_stock`, and
/// a currency with a price range (`currency`, `price_min`, `price_max`).
/// A server that speaks it says so on every page (`"listing": {"sort": …, "in_stock": …}`); the course
/// server does not, and is never sent the parameters.
public struct PageListing: Sendable, Equatable, Decodable {
    public var sort: ListingOrder
    public var inStockOnly: Bool
    /// Only products of this currency and price paid (never decoded: a client applies it to what it loads anyway).
    public var priceRange: PriceRange?

    public init(sort: ListingOrder = .newest, inStockOnly: Bool = false, priceRange: PriceRange? = nil) {
        self.sort = sort
        self.inStockOnly = inStockOnly
        self.priceRange = priceRange
    }

    /// Newest first, everything: what every server of the course API does.
    public static let standard = PageListing()

    /// The query parameters that ask for it (none for the standard listing).
    var queryItems: [(name: String, value: String)] {
        (sort == .newest ? [] : [(name: ListingParameter.sort.rawValue, value: sort.rawValue)])
            + (inStockOnly ? [(name: ListingParameter.inStock.rawValue, value: "true")] : [])
            + (priceRange?.queryItems ?? [])
    }

    /// As a page echoes it: the currency its price range was applied in (nil: none), never sent.
    public var rangeCurrency: String?

    /// Whether a page that echoes this listing was arranged as `asked` says: the same order, the same stock
    /// filter, and a price range applied in its currency when one was asked (the bounds are not compared:
    /// a server may write them in its own decimals).
    public func honours(_ asked: PageListing) -> Bool {
        sort == asked.sort && inStockOnly == asked.inStockOnly
            && (asked.priceRange == nil || rangeCurrency?.uppercased() == asked.priceRange?.currency.code)
    }

    /// An echo naming an order this client does not know fails to decode, and the page is read as one that
    /// echoes nothing: the client then arranges what it loads itself.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: ListingParameter.self)
        sort = try container.decodeIfPresent(ListingOrder.self, forKey: .sort) ?? .newest
        inStockOnly = try container.decodeIfPresent(Bool.self, forKey: .inStock) ?? false
        rangeCurrency = try? container.decodeIfPresent(String.self, forKey: .currency)
    }
}

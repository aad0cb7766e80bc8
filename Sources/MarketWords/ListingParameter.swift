/// The query parameters of `GET /api/products`: the course API's page and search, and this server's order
/// and filter. The server reads them, the client writes them, the OpenAPI document lists them.
public enum ListingParameter: String, Sendable, Hashable, CaseIterable, CodingKey {
    /// The page, from 1.
    case pageNumber = "page_no"
    /// Products a page.
    case itemsPerPage = "items_per_page"
    /// Words a product's name or description contains.
    case search = "search_value"
    /// A ``ListingOrder``.
    case sort
    /// Only products with stock left.
    case inStock = "in_stock"
    /// Only products priced in a ``MarketCurrency``; a price range needs it.
    case currency
    /// The least price paid, included.
    case priceMin = "price_min"
    /// The most price paid, included.
    case priceMax = "price_max"
}

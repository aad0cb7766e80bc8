/// The orders a page of products can be listed in — `openmarket serve`'s extension of the course API
/// (docs/API.md, "Order and filter"), its `sort` parameter. The one list of them: the server parses it, the
/// client sends it, the CLI and the MCP tools offer it, the OpenAPI document enumerates it.
public enum ListingOrder: String, Sendable, Hashable, CaseIterable, Codable {
    /// Newest first: every server of the course API lists so.
    case newest
    /// The price paid (the bargain price), lowest first.
    case priceAscending = "price-asc"
    /// The price paid, highest first.
    case priceDescending = "price-desc"
    /// The biggest share of the price taken off first.
    case discount
    /// The fewest in stock first (sold out first): what a seller restocks.
    case stock

    /// The words in English: "newest, price-asc, price-desc or discount".
    public static var spoken: String { allCases.spoken }
}

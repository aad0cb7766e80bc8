import Foundation
import MCP
import MarketCommands
import MarketWords
import OpenMarketAPI

extension MarketTool {
    /// `list_products`: a page of the market's products, in the order and filter asked.
    public static let listProducts = MarketTool(
        name: "list_products", title: "List products",
        summary: "A page of the market's products, newest first or in the order asked.",
        parameters: ToolParameter.listing
    ) { market, arguments in
        try await page(of: market, arguments, search: nil)
    }

    /// A page as the listing parameters in `arguments` ask, as JSON: its products' records, the total, the page,
    /// whether there is a next.
    static func page(of market: MarketAccess.Market, _ arguments: ToolArguments, search: String?) async throws -> CallTool.Result {
        let perPage = try arguments.integer(.perPage) ?? ProductRules.defaultItemsPerPage
        let number = try arguments.integer(.page) ?? 1
        let listing = PageListing(
            sort: try arguments.word(.sort, as: ListingOrder.self) ?? .newest, inStockOnly: try arguments.boolean(.inStock) ?? false)
        let page: ProductPage
        do throws(OpenMarketError) {
            page = try await market.client.page(number: number, itemsPerPage: perPage, search: search, listing: listing)
        } catch {
            throw CommandFailure(error, market: market.url)
        }
        let items = page.products.map { ProductRecord($0).json() }.joined(separator: ",")
        // A search that found nothing: the market's "did you mean" (a query of its own words), for the agent to try.
        var suggestion = ""
        if search != nil, page.totalCount == 0, let offered = page.search?.suggestion,
            let quoted = try? JSONEncoder().encode(offered), let text = String(data: quoted, encoding: .utf8)
        {
            suggestion = ",\"did_you_mean\":\(text)"
        }
        return MarketTools.json(
            "{\"products\":[\(items)],\"total\":\(page.totalCount),\"page\":\(page.pageNumber),\"has_next\":\(page.hasNext)\(suggestion)}")
    }
}

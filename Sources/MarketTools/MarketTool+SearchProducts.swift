import MCP

extension MarketTool {
    /// The words a search looks for.
    static let query = ToolParameter("query", "Words to find (empty: every product).", .text())

    /// `search_products`: products whose name or description has the words, a page at a time.
    public static let searchProducts = MarketTool(
        name: "search_products", title: "Search products",
        summary: "Products whose name or description has the words (on openmarket serve: in any order, typos and Korean initial consonants forgiven, best match first), or in the order asked; a page at a time.",
        parameters: ToolParameter.listing + [query]
    ) { market, arguments in
        try await page(of: market, arguments, search: try arguments.text(query))
    }
}

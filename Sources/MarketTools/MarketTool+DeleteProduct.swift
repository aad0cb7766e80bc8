import MCP
import MarketCommands
import OpenMarketAPI

extension MarketTool {
    /// `delete_product`: one of this vendor's products, by the API's two steps; answers what it was.
    public static let deleteProduct = MarketTool(
        name: "delete_product", title: "Delete a product",
        summary: "Deletes one of this vendor's products.",
        parameters: [.productID], writes: true, destroys: true
    ) { market, arguments in
        let identity = try market.writer()
        let id = try arguments.integer(.productID)!
        do throws(OpenMarketError) {
            return MarketTools.json(ProductRecord(try await market.client.delete(id: id, identity: identity)).json())
        } catch {
            throw CommandFailure(error, market: market.url)
        }
    }
}

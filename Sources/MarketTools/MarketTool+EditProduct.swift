import MCP
import MarketCommands
import OpenMarketAPI

extension MarketTool {
    /// `edit_product`: the fields given of one of this vendor's products, checked by the form's rules first.
    public static let editProduct = MarketTool(
        name: "edit_product", title: "Edit a product",
        summary: "Changes the fields given of one of this vendor's products.",
        parameters: ToolParameter.fields + [.productID], writes: true, destroys: true
    ) { market, arguments in
        let identity = try market.writer()
        let id = try arguments.integer(.productID)!
        let changes = try MarketTools.draftChanges(arguments)
        let current = try await market.product(id).summary
        let draft = changes(ProductDraft(editing: current))
        let violations = draft.validate()
        guard violations.isEmpty, let parsed = draft.parsed else { throw CommandFailure(violations, naming: \.argumentName) }
        do throws(OpenMarketError) {
            let detail = try await market.client.update(id: id, changes: .edit(current, parsed), identity: identity)
            return MarketTools.json(ProductRecord(detail).json())
        } catch {
            throw CommandFailure(error, market: market.url)
        }
    }
}

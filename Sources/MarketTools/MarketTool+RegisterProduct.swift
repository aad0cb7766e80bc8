import MCP
import MarketCommands
import MarketWords
import OpenMarketAPI

extension MarketTool {
    /// The picture files a registration sends.
    static let pictureFiles = ToolParameter(
        "pictures",
        "\(ProductRules.pictureCount.lowerBound) to \(ProductRules.pictureCount.upperBound) picture files (JPEG or PNG) on this machine; over \(ProductRules.pictureBytes / 1024) KB they are shrunk.",
        .files(count: ProductRules.pictureCount), required: true)

    /// `register_product`: a product with its pictures, as this vendor, checked by the form's rules first.
    public static let registerProduct = MarketTool(
        name: "register_product", title: "Register a product",
        summary: "Registers a product with \(ProductRules.pictureCount.lowerBound) to \(ProductRules.pictureCount.upperBound) pictures as this server's vendor, in one atomic step.",
        parameters: [ToolParameter.name.required, ToolParameter.description.required, ToolParameter.price.required, .currency, .discount, .stock, pictureFiles],
        writes: true
    ) { market, arguments in
        let identity = try market.writer()
        let paths = try arguments.files(pictureFiles)
        var draft = try MarketTools.draftChanges(arguments)(ProductDraft())
        draft.pictureCount = paths.count
        let violations = draft.validate()
        guard violations.isEmpty, let product = draft.parsed else { throw CommandFailure(violations, naming: \.argumentName) }
        let uploads = try UploadPicture.prepared(paths)
        do throws(OpenMarketError) {
            return MarketTools.json(ProductRecord(try await market.client.register(product, pictures: uploads, identity: identity)).json())
        } catch {
            throw CommandFailure(error, market: market.url)
        }
    }
}

import Foundation
import ImageCodec
import MCP
import MarketCommands
import MarketWords
import OpenMarketAPI

extension MarketTool {
    /// Whether to send the pictures too.
    static let pictures = ToolParameter(
        "pictures", "Also send the product's pictures as image content (a picture that cannot be fetched is named in a text instead).",
        .boolean)

    /// `show_product`: one product, and with `pictures: true` its pictures as images.
    public static let showProduct = MarketTool(
        name: "show_product", title: "Show a product",
        summary: "One product with its pictures' addresses and its vendor; with pictures: true, its pictures (up to \(ProductRules.pictureCount.upperBound)) as images too.",
        parameters: [.productID, pictures]
    ) { market, arguments in
        let detail = try await market.product(try arguments.integer(.productID)!)
        var content: [Tool.Content] = [MarketTools.text(ProductRecord(detail).json())]
        if try arguments.boolean(pictures) == true {
            for (index, image) in detail.images.prefix(ProductRules.pictureCount.upperBound).enumerated() {
                let named = "picture \(index + 1) (\(image.url.absoluteString))"
                do throws(OpenMarketError) {
                    let bytes = try await market.client.data(from: image.url)
                    guard let format = ImageFormat.detect(bytes) else {
                        content.append(MarketTools.text("\(named) is not a JPEG or PNG"))
                        continue
                    }
                    content.append(.image(data: Data(bytes).base64EncodedString(), mimeType: format.mimeType, annotations: nil, _meta: nil))
                } catch {
                    content.append(MarketTools.text("\(named) could not be fetched: \(error.userMessage(in: .english))"))
                }
            }
        }
        return .init(content: content, isError: false)
    }
}

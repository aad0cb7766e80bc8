import Foundation
import ImagePipeline
import OpenMarketAPI

extension ProductDraft {
    /// The draft of an edit: `product`'s fields as the form would hold them (an edit does not check pictures).
    public init(editing product: ProductSummary) {
        self.init(
            name: product.name, description: product.description, price: product.price.description,
            discountedPrice: product.discountedPrice.description, stock: String(product.stock), currency: product.currency,
            isRegistration: false)
    }

    /// The draft with the fields given changed (nil: as it is), as the form would hold them typed: the product
    /// commands' options and the MCP tools' arguments alike.
    public func changing(
        name: String? = nil, description: String? = nil, price: String? = nil, currency: String? = nil, discount: String? = nil,
        stock: String? = nil
    ) -> ProductDraft {
        var draft = self
        if let name { draft.name = name }
        if let description { draft.description = description }
        if let price { draft.price = price }
        if let currency { draft.currency = Currency(code: currency) }
        if let discount { draft.discountedPrice = discount }
        if let stock { draft.stock = stock }
        return draft
    }
}

extension UploadPicture {
    /// The picture files at `paths`, each checked and shrunk over 300 KB as the form does, or the failure that
    /// names the first that cannot be sent.
    public static func prepared(_ paths: [String]) throws(CommandFailure) -> [UploadPicture] {
        var uploads: [UploadPicture] = []
        for path in paths {
            do throws(UploadPictureError) {
                let prepared = try UploadShrinker().prepare(fileAt: path)
                uploads.append(
                    UploadPicture(filename: URL(fileURLWithPath: path).lastPathComponent, bytes: prepared.bytes, mimeType: prepared.format.mimeType))
            } catch {
                throw CommandFailure(error)
            }
        }
        return uploads
    }
}

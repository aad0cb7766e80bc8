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

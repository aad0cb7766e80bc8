import MarketWords
import Foundation

/// A product as the stores hold it, with its vendor's name and its thumbnail's path.
struct StoredProduct: Sendable, Equatable, Codable {
    var id: Int
    var vendorID: Int
    var vendorName: String
    var name: String
    var description: String
    /// Path of the chosen thumbnail under the pictures root, or "" when none.
    var thumbnailPath: String
    var thumbnailImageID: Int?
    var currency: String
    var price: Decimal
    var discountedPrice: Decimal
    var stock: Int
    var createdAt: String
    var issuedAt: String

    /// `price - discounted_price`, exactly.
    var bargainPrice: Decimal { price - discountedPrice }

    /// The lowercased text that searches run over.
    static func searchText(name: String, description: String) -> String {
        (name + "\n" + description).lowercased()
    }
}

/// A picture of a product: the original and its thumbnail, as paths under the pictures root.
struct StoredImage: Sendable, Equatable, Codable {
    var id: Int
    var productID: Int
    var originPath: String
    var thumbnailPath: String
    var issuedAt: String

    /// The paths of its two files.
    var saved: SavedPicture { SavedPicture(originPath: originPath, thumbnailPath: thumbnailPath) }
}

/// A product with its pictures: what GET one, POST, PATCH and DELETE answer with.
struct StoredProductDetail: Sendable, Equatable, Codable {
    var product: StoredProduct
    var images: [StoredImage]

    /// The product as a PATCH by `vendorID` would leave it, with every rule checked: 403 when the
    /// product is another vendor's, 400 when a change breaks a rule or names a picture it does not have.
    /// Every store's `update` applies exactly this.
    func updated(by vendorID: Int, with changes: ProductChanges, at date: Date) throws(APIError) -> StoredProduct {
        guard product.vendorID == vendorID else {
            throw .forbidden("product \(product.id) belongs to another vendor")
        }
        var p = product
        if let name = changes.name { p.name = name }
        if let description = changes.description { p.description = description }
        if let price = changes.price { p.price = price }
        if let discounted = changes.discountedPrice { p.discountedPrice = discounted }
        if let stock = changes.stock { p.stock = stock }
        if let currency = changes.currency { p.currency = currency }
        if let thumbnailID = changes.thumbnailID {
            guard let image = images.first(where: { $0.id == thumbnailID }) else {
                throw .badRequest("thumbnail_id \(thumbnailID) is not an image of product \(product.id)")
            }
            p.thumbnailImageID = thumbnailID
            p.thumbnailPath = image.thumbnailPath
        }
        try ProductRules.check(
            name: p.name, description: p.description, price: p.price, discountedPrice: p.discountedPrice,
            stock: p.stock, currency: p.currency)
        p.issuedAt = Timestamp.string(date)
        return p
    }
}

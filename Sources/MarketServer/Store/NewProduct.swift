import Foundation

/// A product to insert: validated fields and the owning vendor.
struct NewProduct: Sendable, Equatable {
    var vendorID: Int
    var name: String
    var description: String
    var price: Decimal
    var discountedPrice: Decimal
    var stock: Int
    var currency: String

    /// The stored product this becomes, with the ids and paths the store chose.
    func stored(id: Int, vendorName: String, thumbnail: StoredImage?, at date: Date) -> StoredProduct {
        let stamp = Timestamp.string(date)
        return StoredProduct(
            id: id, vendorID: vendorID, vendorName: vendorName, name: name, description: description,
            thumbnailPath: thumbnail?.thumbnailPath ?? "", thumbnailImageID: thumbnail?.id, currency: currency,
            price: price, discountedPrice: discountedPrice, stock: stock, createdAt: stamp, issuedAt: stamp)
    }
}

import GRDB

/// A product as the store holds it, with its vendor's name and its thumbnail's path.
struct StoredProduct: Sendable, Equatable {
    var id: Int
    var vendorID: Int
    var vendorName: String
    var name: String
    var description: String
    /// Path of the chosen thumbnail under the pictures root, or "" when none.
    var thumbnailPath: String
    var thumbnailImageID: Int?
    var currency: String
    var price: Double
    var discountedPrice: Double
    var stock: Int
    var createdAt: String
    var issuedAt: String

    /// `price - discounted_price`.
    var bargainPrice: Double { price - discountedPrice }

    static let selectSQL = """
        SELECT p.id, p.vendor_id, v.name AS vendor_name, p.name, p.description, i.thumbnail_path,
               p.thumbnail_image_id, p.currency, p.price, p.discounted_price, p.stock, p.created_at, p.issued_at
        FROM product p JOIN vendor v ON v.id = p.vendor_id LEFT JOIN image i ON i.id = p.thumbnail_image_id
        """

    init(row: Row) {
        id = row[0]
        vendorID = row[1]
        vendorName = row[2]
        name = row[3]
        description = row[4]
        thumbnailPath = row[5] ?? ""
        thumbnailImageID = row[6]
        currency = row[7]
        price = row[8]
        discountedPrice = row[9]
        stock = row[10]
        createdAt = row[11]
        issuedAt = row[12]
    }
}

/// A picture of a product: the original and its thumbnail, as paths under the pictures root.
struct StoredImage: Sendable, Equatable {
    var id: Int
    var productID: Int
    var originPath: String
    var thumbnailPath: String
    var issuedAt: String
}

/// A product with its pictures: what GET one, POST, PATCH and DELETE answer with.
struct StoredProductDetail: Sendable, Equatable {
    var product: StoredProduct
    var images: [StoredImage]
}

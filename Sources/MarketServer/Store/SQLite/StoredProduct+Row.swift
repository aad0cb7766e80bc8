import Foundation
import GRDB

extension StoredProduct {
    /// The columns `init(row:)` reads, in its order; callers append their WHERE and ORDER BY.
    static let selectSQL = """
        SELECT p.id, p.vendor_id, v.name AS vendor_name, p.name, p.description, i.thumbnail_path,
               p.thumbnail_image_id, p.currency, p.price, p.discounted_price, p.stock, p.created_at, p.issued_at
        FROM product p JOIN vendor v ON v.id = p.vendor_id LEFT JOIN image i ON i.id = p.thumbnail_image_id
        """

    /// A row of `selectSQL`. Prices are TEXT columns holding exact decimals (migration "v3-exact-prices").
    init(row: Row) throws {
        id = row[0]
        vendorID = row[1]
        vendorName = row[2]
        name = row[3]
        description = row[4]
        thumbnailPath = row[5] ?? ""
        thumbnailImageID = row[6]
        currency = row[7]
        price = try Self.decimal(row[8], column: "price", id: id)
        discountedPrice = try Self.decimal(row[9], column: "discounted_price", id: id)
        stock = row[10]
        createdAt = row[11]
        issuedAt = row[12]
    }

    private static func decimal(_ text: String, column: String, id: Int) throws -> Decimal {
        guard let value = ExactDecimal.parse(text) else {
            throw DatabaseError(message: "product \(id) has an unreadable \(column) \"\(text)\"")
        }
        return value
    }
}

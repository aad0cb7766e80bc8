import Foundation
import PostgresNIO

extension StoredProduct {
    /// The columns `init(postgres:)` reads; callers append their WHERE and ORDER BY. Prices come back as
    /// NUMERIC's own text, read exactly (`ExactDecimal`), never through a binary type.
    static let postgresSelectSQL = """
        SELECT p.id, p.vendor_id, v.name AS vendor_name, p.name, p.description, i.thumbnail_path,
               p.thumbnail_image_id, p.currency, p.price::text AS price, p.discounted_price::text AS discounted_price,
               p.stock, p.created_at, p.issued_at
        FROM product p JOIN vendor v ON v.id = p.vendor_id LEFT JOIN image i ON i.id = p.thumbnail_image_id
        """

    /// A row of `postgresSelectSQL`.
    init(postgres row: PostgresRandomAccessRow) throws {
        id = try row["id"].decode(Int.self)
        vendorID = try row["vendor_id"].decode(Int.self)
        vendorName = try row["vendor_name"].decode(String.self)
        name = try row["name"].decode(String.self)
        description = try row["description"].decode(String.self)
        thumbnailPath = try row["thumbnail_path"].decode(String?.self) ?? ""
        thumbnailImageID = try row["thumbnail_image_id"].decode(Int?.self)
        currency = try row["currency"].decode(String.self)
        price = try Self.exact(row["price"], column: "price", id: id)
        discountedPrice = try Self.exact(row["discounted_price"], column: "discounted_price", id: id)
        stock = try row["stock"].decode(Int.self)
        createdAt = try row["created_at"].decode(String.self)
        issuedAt = try row["issued_at"].decode(String.self)
    }

    private static func exact(_ cell: PostgresCell, column: String, id: Int) throws -> Decimal {
        let text = try cell.decode(String.self)
        guard let value = ExactDecimal.parse(text) else {
            throw PostgresStoreError.unreadable("product \(id) has an unreadable \(column) \"\(text)\"")
        }
        return value
    }
}

extension StoredImage {
    /// A row of `image`.
    init(postgres row: PostgresRandomAccessRow) throws {
        id = try row["id"].decode(Int.self)
        productID = try row["product_id"].decode(Int.self)
        originPath = try row["origin_path"].decode(String.self)
        thumbnailPath = try row["thumbnail_path"].decode(String.self)
        issuedAt = try row["issued_at"].decode(String.self)
    }
}

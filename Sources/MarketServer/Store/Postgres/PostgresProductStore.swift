import Foundation
import Logging
import PostgresNIO

/// The products and their pictures in PostgreSQL. Each method is one transaction; reads see one
/// snapshot, and a change locks its product's row first, so its rules are checked against what it
/// replaces even when replicas write the same product at once.
struct PostgresProductStore: ProductStore {
    let pool: PostgresPool
    let logger: Logger

    func page(number: Int, perPage: Int, search: String?, listing: ProductListing) async throws -> ProductPage {
        var bindings = PostgresBindings()
        var conditions: [String] = []
        // What SQLite's `instr` does: a plain substring of the lowercased text, no pattern characters.
        if let needle = search?.lowercased() {
            bindings.append(needle)
            conditions.append("strpos(p.search_text, $1) > 0")
        }
        let (condition, orderBy) = listing.sql(price: "p.price", discount: "p.discounted_price")
        if let condition { conditions.append(condition) }
        let filter = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
        let count = PostgresQuery(unsafeSQL: "SELECT count(*) FROM product p" + filter, binds: bindings)
        bindings.append(perPage)
        bindings.append((number - 1) * perPage)
        let items = PostgresQuery(
            unsafeSQL: StoredProduct.postgresSelectSQL + filter
                + " ORDER BY \(orderBy) LIMIT $\(bindings.count - 1) OFFSET $\(bindings.count)",
            binds: bindings)
        return try await pool.transaction(snapshot: true, logger: logger) { connection in
            let total = try await connection.firstRow(count, logger: logger) { try $0[0].decode(Int.self) } ?? 0
            let rows = try await connection.rows(items, logger: logger, StoredProduct.init(postgres:))
            return ProductPage(total: total, items: rows)
        }
    }

    func products(ids: [Int]) async throws -> [StoredProduct] {
        guard !ids.isEmpty else { return [] }
        let query: PostgresQuery = "\(unescaped: StoredProduct.postgresSelectSQL) WHERE p.id = ANY(\(ids))"
        // One statement, one round trip: no transaction around it (a search's page is read per request).
        let rows = try await pool.statement(logger: logger) { connection in
            try await connection.rows(query, logger: logger, StoredProduct.init(postgres:))
        }
        let byID = Dictionary(rows.map { ($0.id, $0) }) { a, _ in a }
        return ids.compactMap { byID[$0] }
    }

    func products(after id: Int, limit: Int) async throws -> [StoredProduct] {
        let query: PostgresQuery =
            "\(unescaped: StoredProduct.postgresSelectSQL) WHERE p.id > \(id) ORDER BY p.id LIMIT \(limit)"
        return try await pool.transaction(snapshot: true, logger: logger) { connection in
            try await connection.rows(query, logger: logger, StoredProduct.init(postgres:))
        }
    }

    func detail(id: Int) async throws -> StoredProductDetail? {
        try await pool.transaction(snapshot: true, logger: logger) { connection in
            try await Self.detail(id: id, on: connection, logger: logger)
        }
    }

    /// A product with its pictures, read inside the caller's transaction.
    static func detail(id: Int, on connection: PostgresConnection, logger: Logger) async throws
        -> StoredProductDetail?
    {
        let query: PostgresQuery = "\(unescaped: StoredProduct.postgresSelectSQL) WHERE p.id = \(id)"
        guard let product = try await connection.firstRow(query, logger: logger, StoredProduct.init(postgres:))
        else { return nil }
        let images = try await connection.rows(
            "SELECT * FROM image WHERE product_id = \(id) ORDER BY position", logger: logger,
            StoredImage.init(postgres:))
        return StoredProductDetail(product: product, images: images)
    }

    func insert(_ product: NewProduct, pictures: [SavedPicture], at date: Date) async throws -> StoredProductDetail {
        try await insert(product, pictures: pictures, files: [], at: date)
    }

    /// The pictures' bytes, the product and its pictures' rows in one transaction: a registration commits
    /// (and waits for the disk) once.
    func insert(_ product: NewProduct, pictures: [SavedPicture], files: [PictureFile], at date: Date) async throws
        -> StoredProductDetail
    {
        try await pool.transaction(logger: logger) { connection in
            try await PostgresPictureStore.insert(files, on: connection, logger: logger)
            return try await Self.insert(product, pictures: pictures, at: date, on: connection, logger: logger)
        }
    }

    /// Inserts a product and its pictures inside the caller's transaction.
    static func insert(
        _ product: NewProduct, pictures: [SavedPicture], at date: Date, on connection: PostgresConnection,
        logger: Logger
    ) async throws -> StoredProductDetail {
        let stamp = Timestamp.string(date)
        let searchText = StoredProduct.searchText(name: product.name, description: product.description)
        let inserted = try await connection.firstRow(
            """
            INSERT INTO product (vendor_id, name, description, search_text, currency, price, discounted_price,
              stock, created_at, issued_at)
            VALUES (\(product.vendorID), \(product.name), \(product.description), \(searchText), \(product.currency),
              \(ExactDecimal.text(product.price))::numeric, \(ExactDecimal.text(product.discountedPrice))::numeric,
              \(product.stock), \(stamp), \(stamp))
            RETURNING id
            """, logger: logger
        ) { try $0[0].decode(Int.self) }
        guard let productID = inserted else { throw unexpected("the new product's id did not come back") }
        var thumbnailID: Int?
        for (position, picture) in pictures.enumerated() {
            let imageID = try await connection.firstRow(
                """
                INSERT INTO image (product_id, position, origin_path, thumbnail_path, issued_at)
                VALUES (\(productID), \(position), \(picture.originPath), \(picture.thumbnailPath), \(stamp))
                RETURNING id
                """, logger: logger
            ) { try $0[0].decode(Int.self) }
            if thumbnailID == nil { thumbnailID = imageID }
        }
        try await connection.query(
            "UPDATE product SET thumbnail_image_id = \(thumbnailID) WHERE id = \(productID)", logger: logger)
        guard let detail = try await detail(id: productID, on: connection, logger: logger) else {
            throw unexpected("product vanished while being created")
        }
        return detail
    }

    func update(id: Int, vendorID: Int, with changes: ProductChanges, at date: Date) async throws
        -> StoredProductDetail
    {
        try await pool.transaction(logger: logger) { connection in
            let detail = try await Self.lockedDetail(id: id, on: connection, logger: logger)
            let p = try detail.updated(by: vendorID, with: changes, at: date)
            let searchText = StoredProduct.searchText(name: p.name, description: p.description)
            try await connection.query(
                """
                UPDATE product SET name = \(p.name), description = \(p.description), search_text = \(searchText),
                  price = \(ExactDecimal.text(p.price))::numeric,
                  discounted_price = \(ExactDecimal.text(p.discountedPrice))::numeric, stock = \(p.stock),
                  currency = \(p.currency), thumbnail_image_id = \(p.thumbnailImageID), issued_at = \(p.issuedAt)
                WHERE id = \(id)
                """, logger: logger)
            return try await Self.detail(id: id, on: connection, logger: logger) ?? detail
        }
    }

    func delete(id: Int, at date: Date) async throws -> StoredProductDetail {
        try await pool.transaction(logger: logger) { connection in
            let detail = try await Self.lockedDetail(id: id, on: connection, logger: logger)
            try await connection.query("DELETE FROM product WHERE id = \(id)", logger: logger)
            let kept = try DeletedProducts.encoded(detail)
            try await connection.query(
                """
                INSERT INTO deleted_product (id, vendor_id, deleted_at, detail)
                VALUES (\(id), \(detail.product.vendorID), \(Timestamp.string(date)), \(kept))
                ON CONFLICT (id) DO UPDATE SET vendor_id = excluded.vendor_id, deleted_at = excluded.deleted_at, detail = excluded.detail
                """, logger: logger)
            return detail
        }
    }

    func restore(id: Int, vendorID: Int, deletedSince since: Date) async throws -> StoredProductDetail {
        try await pool.transaction(logger: logger) { connection in
            let found = try await connection.firstRow(
                "SELECT detail FROM deleted_product WHERE id = \(id) AND deleted_at >= \(Timestamp.string(since)) FOR UPDATE",
                logger: logger) { try $0[0].decode(String.self) }
            guard let found else { throw APIError.notFound(DeletedProducts.none(id)) }
            let kept = try DeletedProducts.decoded(found)
            guard kept.product.vendorID == vendorID else { throw APIError.forbidden("product \(id) belongs to another vendor") }
            let p = kept.product
            let searchText = StoredProduct.searchText(name: p.name, description: p.description)
            // Its own id again (the identity never gave it to another product), so it comes back to its place.
            try await connection.query(
                """
                INSERT INTO product (id, vendor_id, name, description, search_text, thumbnail_image_id, currency, price,
                  discounted_price, stock, created_at, issued_at)
                OVERRIDING SYSTEM VALUE
                VALUES (\(p.id), \(p.vendorID), \(p.name), \(p.description), \(searchText), \(p.thumbnailImageID), \(p.currency),
                  \(ExactDecimal.text(p.price))::numeric, \(ExactDecimal.text(p.discountedPrice))::numeric, \(p.stock),
                  \(p.createdAt), \(p.issuedAt))
                """, logger: logger)
            for (position, image) in kept.images.enumerated() {
                try await connection.query(
                    """
                    INSERT INTO image (id, product_id, position, origin_path, thumbnail_path, issued_at)
                    OVERRIDING SYSTEM VALUE
                    VALUES (\(image.id), \(p.id), \(position), \(image.originPath), \(image.thumbnailPath), \(image.issuedAt))
                    """, logger: logger)
            }
            try await connection.query("DELETE FROM deleted_product WHERE id = \(id)", logger: logger)
            guard let detail = try await Self.detail(id: id, on: connection, logger: logger) else {
                throw Self.unexpected("product vanished while being brought back")
            }
            return detail
        }
    }

    func purgeDeleted(before date: Date) async throws -> [StoredProductDetail] {
        try await pool.transaction(logger: logger) { connection in
            let rows = try await connection.rows(
                "DELETE FROM deleted_product WHERE deleted_at < \(Timestamp.string(date)) RETURNING detail", logger: logger
            ) { try $0[0].decode(String.self) }
            return try rows.map(DeletedProducts.decoded).sorted { $0.product.id < $1.product.id }
        }
    }

    /// The product's detail with its row locked until the transaction ends; 404 when there is none.
    private static func lockedDetail(id: Int, on connection: PostgresConnection, logger: Logger) async throws
        -> StoredProductDetail
    {
        let locked = try await connection.firstRow(
            "SELECT id FROM product WHERE id = \(id) FOR UPDATE", logger: logger) { _ in true }
        guard locked != nil, let detail = try await detail(id: id, on: connection, logger: logger) else {
            throw APIError.notFound("no product with id \(id)")
        }
        return detail
    }

    private static func unexpected(_ message: String) -> APIError {
        APIError(.internalServerError, message)
    }
}

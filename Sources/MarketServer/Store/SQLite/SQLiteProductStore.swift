import Foundation
import GRDB

/// The products and their pictures in SQLite. Reads go through the pool's concurrent readers,
/// writes through its single writer; nothing else is locked.
struct SQLiteProductStore: ProductStore {
    let database: DatabasePool

    func page(number: Int, perPage: Int, search: String?, listing: ProductListing) async throws -> ProductPage {
        let needle = search.map { $0.lowercased() }
        // Prices are kept as exact text; as REAL they order right to 15 significant digits (prices that differ
        // only beyond that tie, and ties go newest first).
        let (condition, orderBy) = listing.sql(price: "CAST(p.price AS REAL)", discount: "CAST(p.discounted_price AS REAL)")
        return try await database.read { db in
            var conditions: [String] = needle == nil ? [] : ["instr(p.search_text, ?) > 0"]
            if let condition { conditions.append(condition) }
            let filter = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
            let filterArguments: StatementArguments = needle.map { [$0] } ?? []
            let total =
                try Int.fetchOne(db, sql: "SELECT count(*) FROM product p" + filter, arguments: filterArguments) ?? 0
            let rows = try Row.fetchAll(
                db, sql: StoredProduct.selectSQL + filter + " ORDER BY \(orderBy) LIMIT ? OFFSET ?",
                arguments: filterArguments + [perPage, (number - 1) * perPage])
            return ProductPage(total: total, items: try rows.map(StoredProduct.init(row:)))
        }
    }

    func detail(id: Int) async throws -> StoredProductDetail? {
        try await database.read { db in try Self.detail(id: id, in: db) }
    }

    func products(ids: [Int]) async throws -> [StoredProduct] {
        guard !ids.isEmpty else { return [] }
        let rows = try await database.read { db in
            try Row.fetchAll(
                db, sql: StoredProduct.selectSQL + " WHERE p.id IN (\(ids.map { _ in "?" }.joined(separator: ",")))",
                arguments: StatementArguments(ids))
        }
        let byID = Dictionary(try rows.map { row in let p = try StoredProduct(row: row); return (p.id, p) }) { a, _ in a }
        return ids.compactMap { byID[$0] }
    }

    func products(after id: Int, limit: Int) async throws -> [StoredProduct] {
        try await database.read { db in
            try Row.fetchAll(
                db, sql: StoredProduct.selectSQL + " WHERE p.id > ? ORDER BY p.id LIMIT ?", arguments: [id, limit]
            ).map(StoredProduct.init(row:))
        }
    }

    static func detail(id: Int, in db: Database) throws -> StoredProductDetail? {
        guard let row = try Row.fetchOne(db, sql: StoredProduct.selectSQL + " WHERE p.id = ?", arguments: [id]) else {
            return nil
        }
        let images = try Row.fetchAll(
            db, sql: "SELECT * FROM image WHERE product_id = ? ORDER BY position", arguments: [id]
        ).map {
            StoredImage(
                id: $0["id"], productID: $0["product_id"], originPath: $0["origin_path"],
                thumbnailPath: $0["thumbnail_path"], issuedAt: $0["issued_at"])
        }
        return StoredProductDetail(product: try StoredProduct(row: row), images: images)
    }

    func insert(_ product: NewProduct, pictures: [SavedPicture], at date: Date) async throws -> StoredProductDetail {
        try await database.write { db in try Self.insert(product, pictures: pictures, at: date, in: db) }
    }

    /// Inserts a product and its pictures inside the caller's transaction.
    static func insert(_ product: NewProduct, pictures: [SavedPicture], at date: Date, in db: Database) throws
        -> StoredProductDetail
    {
        let stamp = Timestamp.string(date)
        try db.execute(
            sql: """
                INSERT INTO product (vendor_id, name, description, search_text, currency, price,
                  discounted_price, stock, created_at, issued_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                product.vendorID, product.name, product.description,
                StoredProduct.searchText(name: product.name, description: product.description), product.currency,
                product.price.description, product.discountedPrice.description, product.stock, stamp, stamp,
            ])
        let productID = Int(db.lastInsertedRowID)
        var thumbnailID: Int?
        for (position, picture) in pictures.enumerated() {
            try db.execute(
                sql: """
                    INSERT INTO image (product_id, position, origin_path, thumbnail_path, issued_at)
                    VALUES (?, ?, ?, ?, ?)
                    """,
                arguments: [productID, position, picture.originPath, picture.thumbnailPath, stamp])
            if thumbnailID == nil { thumbnailID = Int(db.lastInsertedRowID) }
        }
        try db.execute(
            sql: "UPDATE product SET thumbnail_image_id = ? WHERE id = ?", arguments: [thumbnailID, productID])
        guard let detail = try Self.detail(id: productID, in: db) else {
            throw APIError(.internalServerError, "product vanished while being created")
        }
        return detail
    }

    func update(id: Int, vendorID: Int, with changes: ProductChanges, at date: Date) async throws
        -> StoredProductDetail
    {
        try await database.write { db in
            guard let detail = try Self.detail(id: id, in: db) else {
                throw APIError.notFound("no product with id \(id)")
            }
            let p = try detail.updated(by: vendorID, with: changes, at: date)
            try db.execute(
                sql: """
                    UPDATE product SET name = ?, description = ?, search_text = ?, price = ?, discounted_price = ?,
                      stock = ?, currency = ?, thumbnail_image_id = ?, issued_at = ? WHERE id = ?
                    """,
                arguments: [
                    p.name, p.description, StoredProduct.searchText(name: p.name, description: p.description),
                    p.price.description, p.discountedPrice.description, p.stock, p.currency, p.thumbnailImageID,
                    p.issuedAt, id,
                ])
            return try Self.detail(id: id, in: db) ?? detail
        }
    }

    func delete(id: Int, at date: Date) async throws -> StoredProductDetail {
        try await database.write { db in
            guard let detail = try Self.detail(id: id, in: db) else {
                throw APIError.notFound("no product with id \(id)")
            }
            try db.execute(sql: "DELETE FROM image WHERE product_id = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM product WHERE id = ?", arguments: [id])
            try db.execute(
                sql: "INSERT OR REPLACE INTO deleted_product (id, vendor_id, deleted_at, detail) VALUES (?, ?, ?, ?)",
                arguments: [id, detail.product.vendorID, Timestamp.string(date), try DeletedProducts.encoded(detail)])
            return detail
        }
    }

    func restore(id: Int, vendorID: Int, deletedSince since: Date) async throws -> StoredProductDetail {
        try await database.write { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT detail FROM deleted_product WHERE id = ? AND deleted_at >= ?",
                    arguments: [id, Timestamp.string(since)])
            else { throw APIError.notFound(DeletedProducts.none(id)) }
            let kept = try DeletedProducts.decoded(row[0])
            guard kept.product.vendorID == vendorID else { throw APIError.forbidden("product \(id) belongs to another vendor") }
            let p = kept.product
            // Its own id again, so it comes back to its place in the newest-first order (AUTOINCREMENT never
            // gave the id to another product).
            try db.execute(
                sql: """
                    INSERT INTO product (id, vendor_id, name, description, search_text, thumbnail_image_id, currency, price,
                      discounted_price, stock, created_at, issued_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    p.id, p.vendorID, p.name, p.description, StoredProduct.searchText(name: p.name, description: p.description),
                    p.thumbnailImageID, p.currency, p.price.description, p.discountedPrice.description, p.stock, p.createdAt,
                    p.issuedAt,
                ])
            for (position, image) in kept.images.enumerated() {
                try db.execute(
                    sql: "INSERT INTO image (id, product_id, position, origin_path, thumbnail_path, issued_at) VALUES (?, ?, ?, ?, ?, ?)",
                    arguments: [image.id, p.id, position, image.originPath, image.thumbnailPath, image.issuedAt])
            }
            try db.execute(sql: "DELETE FROM deleted_product WHERE id = ?", arguments: [id])
            guard let detail = try Self.detail(id: id, in: db) else {
                throw APIError(.internalServerError, "product vanished while being brought back")
            }
            return detail
        }
    }

    func purgeDeleted(before date: Date) async throws -> [StoredProductDetail] {
        try await database.write { db in
            let stamp = Timestamp.string(date)
            let rows = try Row.fetchAll(db, sql: "SELECT detail FROM deleted_product WHERE deleted_at < ? ORDER BY id", arguments: [stamp])
            try db.execute(sql: "DELETE FROM deleted_product WHERE deleted_at < ?", arguments: [stamp])
            return try rows.map { try DeletedProducts.decoded($0[0]) }
        }
    }
}

import Foundation
import GRDB

/// The products and their pictures in SQLite. Reads go through the pool's concurrent readers,
/// writes through its single writer; nothing else is locked.
struct ProductStore: Sendable {
    let database: DatabasePool

    /// One page, newest first, with the total count of matching products.
    func page(number: Int, perPage: Int, search: String?) async throws -> (total: Int, items: [StoredProduct]) {
        let needle = search.map { $0.lowercased() }
        return try await database.read { db in
            let filter = needle == nil ? "" : " WHERE instr(p.search_text, ?) > 0"
            let filterArguments: StatementArguments = needle.map { [$0] } ?? []
            let total =
                try Int.fetchOne(db, sql: "SELECT count(*) FROM product p" + filter, arguments: filterArguments) ?? 0
            let rows = try Row.fetchAll(
                db, sql: StoredProduct.selectSQL + filter + " ORDER BY p.id DESC LIMIT ? OFFSET ?",
                arguments: filterArguments + [perPage, (number - 1) * perPage])
            return (total, rows.map(StoredProduct.init(row:)))
        }
    }

    /// A product with its pictures, or nil.
    func detail(id: Int) async throws -> StoredProductDetail? {
        try await database.read { db in try Self.detail(id: id, in: db) }
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
        return StoredProductDetail(product: StoredProduct(row: row), images: images)
    }

    /// Inserts a product and its pictures in one transaction; the first picture becomes the thumbnail.
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
                Self.searchText(name: product.name, description: product.description), product.currency,
                product.price, product.discountedPrice, product.stock, stamp, stamp,
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

    /// Applies an update after checking, inside the write transaction, ownership and the merged rules.
    func update(id: Int, vendorID: Int, with params: ProductParams, at date: Date) async throws -> StoredProductDetail {
        try await database.write { db in
            guard var detail = try Self.detail(id: id, in: db) else {
                throw APIError.notFound("no product with id \(id)")
            }
            guard detail.product.vendorID == vendorID else {
                throw APIError.forbidden("product \(id) belongs to another vendor")
            }
            var p = detail.product
            if let name = params.name { p.name = name }
            if let description = params.description { p.description = description }
            if let price = params.price { p.price = price }
            if let discounted = params.discountedPrice { p.discountedPrice = discounted }
            if let stock = params.stock { p.stock = stock }
            if let currency = params.currency { p.currency = currency }
            if let thumbnailID = params.thumbnailID {
                guard detail.images.contains(where: { $0.id == thumbnailID }) else {
                    throw APIError.badRequest("thumbnail_id \(thumbnailID) is not an image of product \(id)")
                }
                p.thumbnailImageID = thumbnailID
            }
            try ProductRules.check(
                name: p.name, description: p.description, price: p.price, discountedPrice: p.discountedPrice,
                stock: p.stock, currency: p.currency)
            try db.execute(
                sql: """
                    UPDATE product SET name = ?, description = ?, search_text = ?, price = ?, discounted_price = ?,
                      stock = ?, currency = ?, thumbnail_image_id = ?, issued_at = ? WHERE id = ?
                    """,
                arguments: [
                    p.name, p.description, Self.searchText(name: p.name, description: p.description), p.price,
                    p.discountedPrice, p.stock, p.currency, p.thumbnailImageID, Timestamp.string(date), id,
                ])
            detail = try Self.detail(id: id, in: db) ?? detail
            return detail
        }
    }

    /// Issues a single-use delete token for the vendor's product.
    func issueDeleteToken(productID: Int, vendorID: Int, now: Date, lifetime: TimeInterval) async throws -> String {
        try await database.write { db in
            guard let owner = try Int.fetchOne(db, sql: "SELECT vendor_id FROM product WHERE id = ?", arguments: [productID])
            else {
                throw APIError.notFound("no product with id \(productID)")
            }
            guard owner == vendorID else {
                throw APIError.forbidden("product \(productID) belongs to another vendor")
            }
            // Tokens long past use are of no more help in explaining a reuse.
            try db.execute(
                sql: "DELETE FROM delete_token WHERE expires_at < ?", arguments: [now.timeIntervalSince1970 - 86_400])
            let token = TokenMaker.random(bytes: 24)
            try db.execute(
                sql: "INSERT INTO delete_token (token, product_id, vendor_id, expires_at) VALUES (?, ?, ?, ?)",
                arguments: [token, productID, vendorID, now.addingTimeInterval(lifetime).timeIntervalSince1970])
            return token
        }
    }

    /// Spends a delete token and deletes its product in one transaction; returns what was deleted.
    func delete(token: String, vendorID: Int, now: Date) async throws -> StoredProductDetail {
        try await database.write { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT * FROM delete_token WHERE token = ?", arguments: [token])
            else {
                throw APIError.notFound("unknown delete token; ask for one with POST /api/products/{id}/archived")
            }
            let productID: Int = row["product_id"]
            let tokenVendor: Int = row["vendor_id"]
            let expiresAt: Double = row["expires_at"]
            let usedAt: Double? = row["used_at"]
            guard usedAt == nil else {
                throw APIError.notFound("delete token was already used")
            }
            guard tokenVendor == vendorID else {
                throw APIError.forbidden("delete token was issued to another vendor")
            }
            guard expiresAt >= now.timeIntervalSince1970 else {
                throw APIError.notFound("delete token has expired; ask for a new one")
            }
            guard let detail = try Self.detail(id: productID, in: db) else {
                throw APIError.notFound("no product with id \(productID)")
            }
            try db.execute(
                sql: "UPDATE delete_token SET used_at = ? WHERE token = ?",
                arguments: [now.timeIntervalSince1970, token])
            try db.execute(sql: "DELETE FROM image WHERE product_id = ?", arguments: [productID])
            try db.execute(sql: "DELETE FROM product WHERE id = ?", arguments: [productID])
            return detail
        }
    }

    /// Every picture path the database refers to.
    func referencedPicturePaths() throws -> Set<String> {
        try database.read { db in
            var paths = Set<String>()
            for row in try Row.fetchAll(db, sql: "SELECT origin_path, thumbnail_path FROM image") {
                paths.insert(row[0])
                paths.insert(row[1])
            }
            return paths
        }
    }

    /// The stored picture one of whose files is at `path`, if a product still has it.
    func savedPicture(withPath path: String) async throws -> SavedPicture? {
        try await database.read { db in
            try Row.fetchOne(
                db, sql: "SELECT origin_path, thumbnail_path FROM image WHERE origin_path = ? OR thumbnail_path = ? LIMIT 1",
                arguments: [path, path]
            ).map { SavedPicture(originPath: $0[0], thumbnailPath: $0[1]) }
        }
    }

    /// Every stored picture, the newest product's first (the order a browser shows them in).
    func allPicturesNewestFirst() async throws -> [SavedPicture] {
        try await database.read { db in
            try Row.fetchAll(
                db, sql: "SELECT origin_path, thumbnail_path FROM image ORDER BY product_id DESC, position"
            ).map { SavedPicture(originPath: $0[0], thumbnailPath: $0[1]) }
        }
    }

    func productCount() throws -> Int {
        try database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM product") ?? 0 }
    }

    /// The lowercased text that searches run over.
    static func searchText(name: String, description: String) -> String {
        (name + "\n" + description).lowercased()
    }
}

/// A product to insert: validated fields and the owning vendor.
struct NewProduct: Sendable {
    var vendorID: Int
    var name: String
    var description: String
    var price: Double
    var discountedPrice: Double
    var stock: Int
    var currency: String
}

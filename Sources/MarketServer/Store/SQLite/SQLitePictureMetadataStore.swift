import GRDB

/// The picture paths of SQLite's `image` table.
struct SQLitePictureMetadataStore: PictureMetadataStore {
    let database: DatabasePool

    func referencedPaths() async throws -> Set<String> {
        try await database.read { db in
            var paths = Set<String>()
            for row in try Row.fetchAll(db, sql: "SELECT origin_path, thumbnail_path FROM image") {
                paths.insert(row[0])
                paths.insert(row[1])
            }
            // A deleted product's pictures stay while it can be brought back.
            for row in try Row.fetchAll(db, sql: "SELECT detail FROM deleted_product") {
                for image in try DeletedProducts.decoded(row[0]).images { paths.formUnion([image.originPath, image.thumbnailPath]) }
            }
            return paths
        }
    }

    func picture(withPath path: String) async throws -> SavedPicture? {
        try await database.read { db in
            try Row.fetchOne(
                db,
                sql: """
                    SELECT origin_path, thumbnail_path FROM image
                    WHERE origin_path = ? OR thumbnail_path = ? LIMIT 1
                    """,
                arguments: [path, path]
            ).map { SavedPicture(originPath: $0[0], thumbnailPath: $0[1]) }
        }
    }

    func allNewestFirst() async throws -> [SavedPicture] {
        try await database.read { db in
            try Row.fetchAll(
                db, sql: "SELECT origin_path, thumbnail_path FROM image ORDER BY product_id DESC, position"
            ).map { SavedPicture(originPath: $0[0], thumbnailPath: $0[1]) }
        }
    }
}

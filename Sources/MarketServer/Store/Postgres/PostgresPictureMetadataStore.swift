import Logging
import PostgresNIO

/// The picture paths of PostgreSQL's `image` table.
struct PostgresPictureMetadataStore: PictureMetadataStore {
    let pool: PostgresPool
    let logger: Logger

    func referencedPaths() async throws -> Set<String> {
        let pictures = try await saved("SELECT origin_path, thumbnail_path FROM image")
        // A deleted product's pictures stay while it can be brought back.
        let kept = try await pool.statement(logger: logger) { connection in
            try await connection.rows("SELECT detail FROM deleted_product", logger: logger) { try $0[0].decode(String.self) }
        }
        let keptPaths = try kept.flatMap { try DeletedProducts.decoded($0).images.flatMap { [$0.originPath, $0.thumbnailPath] } }
        return Set(pictures.flatMap { [$0.originPath, $0.thumbnailPath] } + keptPaths)
    }

    func picture(withPath path: String) async throws -> SavedPicture? {
        try await saved(
            """
            SELECT origin_path, thumbnail_path FROM image
            WHERE origin_path = \(path) OR thumbnail_path = \(path) LIMIT 1
            """
        ).first
    }

    func allNewestFirst() async throws -> [SavedPicture] {
        try await saved("SELECT origin_path, thumbnail_path FROM image ORDER BY product_id DESC, position")
    }

    private func saved(_ query: PostgresQuery) async throws -> [SavedPicture] {
        try await pool.statement(logger: logger) { connection in
            try await connection.rows(query, logger: logger) {
                SavedPicture(
                    originPath: try $0["origin_path"].decode(String.self),
                    thumbnailPath: try $0["thumbnail_path"].decode(String.self))
            }
        }
    }
}

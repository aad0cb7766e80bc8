import Foundation
import ImageCodec
import Logging
import NIOCore
import PostgresNIO

/// Pictures' bytes in PostgreSQL (`picture_file`), so every replica reaches them and a picture URL stays
/// valid whichever replica answers — the default with `--database`. Fits a modest catalog (DEPLOY.md has
/// the figures); an object store is the road beyond. Writes of the same path are idempotent, so replicas
/// that each make a missing demo picture store it once.
struct PostgresPictureStore: PictureStore {
    let pool: PostgresPool
    let logger: Logger
    /// Bytes younger than this are left by the orphan sweep: another replica may be about to commit the rows
    /// that name them.
    var orphanGrace: Duration = .seconds(3600)

    func save(original: [UInt8], format: ImageFormat, thumbnail: [UInt8], vendorID: Int, date: Date) async throws
        -> SavedPicture
    {
        let saved = PicturePath.new(vendorID: vendorID, date: date, format: format)
        try await write(original: original, thumbnail: thumbnail, to: saved)
        return saved
    }

    /// The bytes are written by `PostgresProductStore.insert(_:pictures:files:at:)`, in the product's own
    /// transaction.
    func stage(original: [UInt8], format: ImageFormat, thumbnail: [UInt8], vendorID: Int, date: Date) async throws
        -> StagedPicture
    {
        let saved = PicturePath.new(vendorID: vendorID, date: date, format: format)
        return StagedPicture(
            saved: saved,
            files: [PictureFile(path: saved.thumbnailPath, bytes: thumbnail), PictureFile(path: saved.originPath, bytes: original)])
    }

    func write(original: [UInt8], thumbnail: [UInt8], to saved: SavedPicture) async throws {
        let files = [
            PictureFile(path: saved.thumbnailPath, bytes: thumbnail), PictureFile(path: saved.originPath, bytes: original),
        ]
        try await pool.transaction(logger: logger) { connection in
            try await Self.insert(files, on: connection, logger: logger)
        }
    }

    /// Writes `files` in one statement inside the caller's transaction; a path already stored is kept
    /// (the same path always holds the same bytes).
    static func insert(_ files: [PictureFile], on connection: PostgresConnection, logger: Logger) async throws {
        guard !files.isEmpty else { return }
        var bindings = PostgresBindings()
        var rows: [String] = []
        for file in files {
            bindings.append(file.path)
            bindings.append(ByteBuffer(bytes: file.bytes))
            rows.append("($\(bindings.count - 1), $\(bindings.count))")
        }
        try await connection.query(
            PostgresQuery(
                unsafeSQL: "INSERT INTO picture_file (path, bytes) VALUES " + rows.joined(separator: ", ")
                    + " ON CONFLICT (path) DO NOTHING",
                binds: bindings), logger: logger)
    }

    func exists(_ saved: SavedPicture) async -> Bool {
        let paths = [saved.originPath, saved.thumbnailPath]
        let count = try? await pool.statement(logger: logger) { connection in
            try await connection.firstRow(
                "SELECT count(*) AS n FROM picture_file WHERE path = ANY(\(paths))", logger: logger
            ) { try $0["n"].decode(Int.self) }
        }
        return count == 2
    }

    func remove(_ pictures: [SavedPicture]) async {
        let paths = pictures.flatMap { [$0.originPath, $0.thumbnailPath] }
        guard !paths.isEmpty else { return }
        do {
            try await pool.transaction(logger: logger) { connection in
                try await connection.query("DELETE FROM picture_file WHERE path = ANY(\(paths))", logger: logger)
            }
        } catch {
            // Left for the orphan sweep: the rows naming them are gone.
            logger.warning("could not remove \(paths.count) picture files: \(error)")
        }
    }

    func read(relativePath: String) async throws -> (bytes: Data, format: ImageFormat)? {
        guard let format = PicturePath.format(of: relativePath) else { return nil }
        let bytes = try await pool.statement(logger: logger) { connection in
            try await connection.firstRow(
                "SELECT bytes FROM picture_file WHERE path = \(relativePath)", logger: logger
            ) { try $0["bytes"].decode(ByteBuffer.self) }
        }
        guard var bytes else { return nil }
        return (bytes.readData(length: bytes.readableBytes) ?? Data(), format)
    }

    /// Removes bytes that neither `referenced` nor any product row names, and that are older than
    /// `orphanGrace`, in one statement (the rows are checked in the database itself, at that moment).
    func removeOrphans(keeping referenced: Set<String>) async throws -> Int {
        let seconds = Double(orphanGrace.components.seconds)
        let kept = Array(referenced)
        return try await pool.transaction(logger: logger) { connection in
            try await connection.rows(
                """
                DELETE FROM picture_file f
                WHERE f.stored_at <= now() - make_interval(secs => \(seconds))
                  AND NOT (f.path = ANY(\(kept)))
                  AND NOT EXISTS (SELECT 1 FROM image i WHERE i.origin_path = f.path OR i.thumbnail_path = f.path)
                RETURNING 1
                """, logger: logger
            ) { _ in () }.count
        }
    }
}

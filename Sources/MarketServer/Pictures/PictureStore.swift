import Foundation
import ImageCodec

/// Where the bytes of pictures live — originals and thumbnails, by the paths the product rows name.
/// Implemented on a local directory (`DirectoryPictureStore`, the single-machine default) and in memory
/// (`MemoryPictureStore`, for tests); a store every replica reaches implements it for several machines.
///
/// Bytes are saved before the rows that name them commit (or, staged, in the same transaction), and removed
/// after the rows are gone: a crash can leave bytes without rows (swept by `removeOrphans`), never rows
/// without bytes.
protocol PictureStore: Sendable {
    /// Stores an original and its thumbnail under fresh paths (`PicturePath.new`); returns the paths.
    func save(original: [UInt8], format: ImageFormat, thumbnail: [UInt8], vendorID: Int, date: Date) async throws
        -> SavedPicture

    /// A new product's picture under fresh paths: stored now (what `save` does, the default), or, by a store
    /// that keeps bytes in the product store's own database, handed back to be written in the product's
    /// transaction — one commit for a registration instead of one per picture and one for the product.
    func stage(original: [UInt8], format: ImageFormat, thumbnail: [UInt8], vendorID: Int, date: Date) async throws
        -> StagedPicture

    /// Stores the bytes of a picture whose paths are already chosen (the demo catalog's), thumbnail first.
    func write(original: [UInt8], thumbnail: [UInt8], to saved: SavedPicture) async throws

    /// Whether both the original and the thumbnail are stored.
    func exists(_ saved: SavedPicture) async -> Bool

    /// Removes these pictures' bytes; missing ones are not an error.
    func remove(_ pictures: [SavedPicture]) async

    /// The bytes and format at a stored path, or nil (also for a path not of the stored shape).
    func read(relativePath: String) async throws -> (bytes: Data, format: ImageFormat)?

    /// Removes bytes no row names (leftovers of a crash). Returns how many were removed. A store shared by
    /// several servers leaves recent ones alone: another server may be about to commit their rows.
    @discardableResult
    func removeOrphans(keeping referenced: Set<String>) async throws -> Int
}

extension PictureStore {
    func stage(original: [UInt8], format: ImageFormat, thumbnail: [UInt8], vendorID: Int, date: Date) async throws
        -> StagedPicture
    {
        let saved = try await save(original: original, format: format, thumbnail: thumbnail, vendorID: vendorID, date: date)
        return StagedPicture(saved: saved, files: [])
    }
}

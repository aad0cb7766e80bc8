import Foundation
import ImageCodec
import NIOConcurrencyHelpers

/// Pictures' bytes in memory, for tests: the same paths and rules as the other stores.
struct MemoryPictureStore: PictureStore {
    private let files = NIOLockedValueBox<[String: [UInt8]]>([:])

    init() {}

    /// How many files (originals and thumbnails) are stored.
    var count: Int { files.withLockedValue { $0.count } }

    func save(original: [UInt8], format: ImageFormat, thumbnail: [UInt8], vendorID: Int, date: Date) -> SavedPicture {
        let saved = PicturePath.new(vendorID: vendorID, date: date, format: format)
        write(original: original, thumbnail: thumbnail, to: saved)
        return saved
    }

    func write(original: [UInt8], thumbnail: [UInt8], to saved: SavedPicture) {
        files.withLockedValue { files in
            files[saved.thumbnailPath] = thumbnail
            files[saved.originPath] = original
        }
    }

    func exists(_ saved: SavedPicture) -> Bool {
        files.withLockedValue { $0[saved.originPath] != nil && $0[saved.thumbnailPath] != nil }
    }

    func remove(_ pictures: [SavedPicture]) {
        files.withLockedValue { files in
            for picture in pictures {
                files[picture.originPath] = nil
                files[picture.thumbnailPath] = nil
            }
        }
    }

    func read(relativePath: String) -> (bytes: Data, format: ImageFormat)? {
        guard let format = PicturePath.format(of: relativePath),
            let bytes = files.withLockedValue({ $0[relativePath] })
        else { return nil }
        return (Data(bytes), format)
    }

    func removeOrphans(keeping referenced: Set<String>) -> Int {
        files.withLockedValue { files in
            let orphans = files.keys.filter { !referenced.contains($0) }
            for path in orphans { files[path] = nil }
            return orphans.count
        }
    }
}

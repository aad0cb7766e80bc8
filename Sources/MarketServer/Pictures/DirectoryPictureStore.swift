import Foundation
import ImageCodec

/// Picture files under `<data dir>/images`, by their stored paths (`PicturePath`) — the single-machine default.
///
/// Files are written (to a temporary name, then renamed) before the database rows that point at them
/// are committed, and removed only after the rows are gone. A crash can therefore leave files without
/// rows — swept at start by `removeOrphans` — but never rows without files. The one exception is the
/// demo catalog: its rows are committed first and its files made afterwards from their names
/// (`DemoPictureMaker`), on first request or in the background.
struct DirectoryPictureStore: PictureStore {
    let root: URL

    init(root: URL) throws {
        self.root = root
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    /// Writes an original and its thumbnail; returns their relative paths.
    func save(original: [UInt8], format: ImageFormat, thumbnail: [UInt8], vendorID: Int, date: Date) throws
        -> SavedPicture
    {
        let saved = PicturePath.new(vendorID: vendorID, date: date, format: format)
        let folder = root.appendingPathComponent(saved.originPath).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try write(original, to: saved.originPath)
        do {
            try write(thumbnail, to: saved.thumbnailPath)
        } catch {
            remove([saved])
            throw error
        }
        return saved
    }

    /// Writes the files of a picture whose paths are already chosen (the demo catalog's): the thumbnail
    /// first, so that an original on disk always has its thumbnail.
    func write(original: [UInt8], thumbnail: [UInt8], to saved: SavedPicture) throws {
        let folder = root.appendingPathComponent(saved.originPath).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try write(thumbnail, to: saved.thumbnailPath)
        try write(original, to: saved.originPath)
    }

    /// Whether both files of a picture are on disk.
    func exists(_ saved: SavedPicture) -> Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent(saved.originPath).path)
            && FileManager.default.fileExists(atPath: root.appendingPathComponent(saved.thumbnailPath).path)
    }

    private func write(_ bytes: [UInt8], to relativePath: String) throws {
        let target = root.appendingPathComponent(relativePath)
        let temporary = target.deletingLastPathComponent().appendingPathComponent(".tmp-" + target.lastPathComponent)
        try Data(bytes).write(to: temporary)
        guard rename(temporary.path, target.path) == 0 else {
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown)
        }
    }

    /// Removes the files of these pictures; missing files are not an error.
    func remove(_ pictures: [SavedPicture]) {
        for picture in pictures {
            try? FileManager.default.removeItem(at: root.appendingPathComponent(picture.originPath))
            try? FileManager.default.removeItem(at: root.appendingPathComponent(picture.thumbnailPath))
        }
    }

    /// The bytes of a stored picture, if `relativePath` names one. The path must be of the stored
    /// shape (`PicturePath.format(of:)`), so `..` and other names can never reach the disk.
    func read(relativePath: String) -> (bytes: Data, format: ImageFormat)? {
        guard let format = PicturePath.format(of: relativePath) else { return nil }
        guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(relativePath).path) else {
            return nil
        }
        return (data, format)
    }

    /// Deletes every file under the root that `referenced` does not name (leftovers of a crash).
    /// Returns how many were removed.
    @discardableResult
    func removeOrphans(keeping referenced: Set<String>) -> Int {
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        else { return 0 }
        let prefix = root.standardizedFileURL.path + "/"
        var removed = 0
        for case let url as URL in walker {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            let relative = String(url.standardizedFileURL.path.dropFirst(prefix.count))
            if !referenced.contains(relative) {
                try? FileManager.default.removeItem(at: url)
                removed += 1
            }
        }
        return removed
    }
}

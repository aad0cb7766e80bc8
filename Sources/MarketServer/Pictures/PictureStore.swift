import Foundation
import ImageCodec

/// A picture written to disk: paths relative to the pictures root, as stored in the database.
struct SavedPicture: Sendable, Equatable {
    var originPath: String
    var thumbnailPath: String
}

/// Picture files under `<data dir>/images`: `{vendor_id}/{yyyyMMdd}/{hex}_origin.{jpg|png}` and `{hex}_thumb.jpg`.
///
/// Files are written (to a temporary name, then renamed) before the database rows that point at them
/// are committed, and removed only after the rows are gone. A crash can therefore leave files without
/// rows — swept at start by `removeOrphans` — but never rows without files. The one exception is the
/// demo catalog: its rows are committed first and its files made afterwards from their names
/// (`DemoPictureMaker`), on first request or in the background.
struct PictureStore: Sendable {
    let root: URL

    init(root: URL) throws {
        self.root = root
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    /// Writes an original and its thumbnail; returns their relative paths.
    func save(original: [UInt8], format: ImageFormat, thumbnail: [UInt8], vendorID: Int, date: Date) throws
        -> SavedPicture
    {
        let folder = "\(vendorID)/\(Timestamp.day(date))"
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        let stem = TokenMaker.randomHex(bytes: 16)
        let saved = SavedPicture(
            originPath: "\(folder)/\(stem)_origin.\(format.fileExtension)",
            thumbnailPath: "\(folder)/\(stem)_thumb.jpg")
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
    /// shape (`digits/8 digits/hex_origin.ext`), so `..` and other names can never reach the disk.
    func read(relativePath: String) -> (bytes: Data, format: ImageFormat)? {
        guard let format = Self.format(ofStoredPath: relativePath) else { return nil }
        guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(relativePath).path) else {
            return nil
        }
        return (data, format)
    }

    static func format(ofStoredPath path: String) -> ImageFormat? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy(\.isASCIIDigit),
            parts[1].count == 8, parts[1].allSatisfy(\.isASCIIDigit)
        else { return nil }
        let file = parts[2]
        for (suffix, format) in [("_origin.jpg", ImageFormat.jpeg), ("_origin.png", .png), ("_thumb.jpg", .jpeg)] {
            if file.hasSuffix(suffix) {
                let stem = file.dropLast(suffix.count)
                if stem.count == 32, stem.allSatisfy(\.isHexDigit) { return format }
            }
        }
        return nil
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

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}

import Foundation
import ImageCodec

/// The names pictures are stored under, whatever stores them: `{vendor_id}/{yyyyMMdd}/{hex}_origin.{jpg|png}`
/// and `{hex}_thumb.jpg`, 128 random bits a picture. Only names of this shape are ever read, so `..` and
/// other names never reach a disk or a query.
enum PicturePath {
    /// Fresh paths for a picture of `vendorID` stored on `date`.
    static func new(vendorID: Int, date: Date, format: ImageFormat) -> SavedPicture {
        let folder = "\(vendorID)/\(Timestamp.day(date))"
        let stem = TokenMaker.randomHex(bytes: 16)
        return SavedPicture(
            originPath: "\(folder)/\(stem)_origin.\(format.fileExtension)", thumbnailPath: "\(folder)/\(stem)_thumb.jpg")
    }

    /// The format of the picture at a stored path, or nil when the path is not of the stored shape.
    static func format(of path: String) -> ImageFormat? {
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
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}

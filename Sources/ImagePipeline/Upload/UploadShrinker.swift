public import Localization
import Foundation
public import ImageCodec

/// A picture ready to upload, and what shrinking did to it.
public struct PreparedUpload: Sendable, Equatable {
    /// The bytes to send (the original when it was small enough).
    public var bytes: [UInt8]
    public var format: ImageFormat
    public var originalSize: Int
    public var width: Int
    public var height: Int
    /// True when the bytes are a re-encoded, smaller picture.
    public var wasShrunk: Bool

    public init(bytes: [UInt8], format: ImageFormat, originalSize: Int, width: Int, height: Int, wasShrunk: Bool) {
        self.bytes = bytes
        self.format = format
        self.originalSize = originalSize
        self.width = width
        self.height = height
        self.wasShrunk = wasShrunk
    }
}

/// Why a picture file cannot be uploaded.
public struct UploadPictureError: Error, Sendable, Equatable, CustomStringConvertible {
    private enum Code: Sendable, Equatable {
        case missing(String)
        case directory(String)
        case unreadable(String)
        case tooBig(String, Int)
        case notAPicture(String, String)
    }

    private let code: Code

    public static func missing(_ path: String) -> Self { Self(code: .missing(path)) }
    public static func directory(_ path: String) -> Self { Self(code: .directory(path)) }
    public static func unreadable(_ path: String) -> Self { Self(code: .unreadable(path)) }
    public static func tooBig(_ path: String, bytes: Int) -> Self { Self(code: .tooBig(path, bytes)) }
    public static func notAPicture(_ path: String, reason: String) -> Self { Self(code: .notAPicture(path, reason)) }

    public var description: String { description(in: .english) }

    /// What is wrong, in `language`.
    public func description(in language: Language) -> String { language.text(phrase) }

    /// What is wrong, as a phrase of the catalog.
    public var phrase: Phrase {
        switch code {
        case .missing(let path): .noSuchFile(path)
        case .directory(let path): .isAFolder(path)
        case .unreadable(let path): .cannotReadFile(path)
        case .tooBig(let path, let bytes): .pictureTooBig(path, megabytes: bytes / 1_048_576, most: 64)
        case .notAPicture(let path, let reason): .notAPicture(path, reason: reason)
        }
    }
}

/// Makes pictures fit the API's 300 KB limit: a JPEG or PNG that is small enough is sent as it is;
/// a larger one is scaled down (keeping its aspect ratio) and re-encoded as JPEG, lowering the
/// quality step by step and then the size, until it fits.
public struct UploadShrinker: Sendable {
    public var byteLimit: Int
    /// The longest side tried first when shrinking.
    public var startLongSide: Int
    public var qualities: [Int]
    /// Files above this are refused without reading them.
    public var maxFileBytes: Int

    public init(byteLimit: Int = 307_200, startLongSide: Int = 1600, qualities: [Int] = [85, 75, 65, 55]) {
        self.byteLimit = byteLimit
        self.startLongSide = startLongSide
        self.qualities = qualities
        maxFileBytes = 64 << 20
    }

    /// Reads and prepares the picture at `path`.
    public func prepare(fileAt path: String) throws(UploadPictureError) -> PreparedUpload {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .missing(path) }
        guard !isDirectory.boolValue else { throw .directory(path) }
        guard FileManager.default.isReadableFile(atPath: path) else { throw .unreadable(path) }
        let size = ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
        guard size <= maxFileBytes else { throw .tooBig(path, bytes: size) }
        guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable(path) }
        do {
            return try prepare([UInt8](data))
        } catch {
            throw .notAPicture(path, reason: error.description)
        }
    }

    /// Prepares picture bytes.
    public func prepare(_ bytes: [UInt8]) throws(ImageCodecError) -> PreparedUpload {
        let header = try ImageHeader.read(bytes)
        if bytes.count <= byteLimit {
            // Small enough; still make sure it decodes, so the server will not refuse it.
            _ = try ImageDecoder().decode(bytes, atLeast: (width: 1, height: 1))
            return PreparedUpload(
                bytes: bytes, format: header.format, originalSize: bytes.count, width: header.width,
                height: header.height, wasShrunk: false)
        }
        var longSide = min(startLongSide, max(header.width, header.height))
        let first = ImageScaler.fitting(width: header.width, height: header.height, longSide: longSide)
        let decoded = try ImageDecoder().decode(bytes, atLeast: first)
        let encoder = ImageEncoder()
        while longSide >= 16 {
            let size = ImageScaler.fitting(width: header.width, height: header.height, longSide: longSide)
            let scaled = ImageScaler().resize(decoded, width: size.width, height: size.height)
            for quality in qualities {
                let jpeg = try encoder.jpeg(scaled, quality: quality)
                if jpeg.count <= byteLimit {
                    return PreparedUpload(
                        bytes: jpeg, format: .jpeg, originalSize: bytes.count, width: size.width,
                        height: size.height, wasShrunk: true)
                }
            }
            longSide = longSide * 3 / 4
        }
        throw .tooLargeToShrink(byteLimit)
    }
}

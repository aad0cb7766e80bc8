import Foundation
import ImageCodec

/// Builds iTerm2's inline image sequence (also understood by WezTerm, Konsole and mintty):
/// `ESC ] 1337 ; File=inline=1;width=<columns>;height=<rows>;preserveAspectRatio=0;size=<bytes>:<base64> BEL`.
///
/// The picture is stretched over exactly `columns × rows` cells (the caller has scaled it to fit);
/// the cursor ends after it, so a painter moves it back. What the file is: the smaller of a JPEG at
/// quality 85 and a PNG unless told otherwise. Photos come out as JPEG — at 480 × 360 it measured
/// 13 KB against a 72 KB PNG for a demo-like shop photo, 73 KB against 419 KB for the grained fixture
/// (see `PictureQualityTests`) — and flat drawings, where PNG is both smaller and exact, as PNG.
/// Making both costs the PNG's encoding (30–60 ms at 480 × 360); `.jpeg(quality:)` skips it.
public struct ITermImageEncoder: Sendable {
    /// What file is sent.
    public enum Format: Sendable, Hashable {
        /// Always PNG: lossless.
        case png
        /// Always JPEG at `quality` (1…100).
        case jpeg(quality: Int)
        /// Whichever of the two is smaller (PNG on a tie).
        case smaller(jpegQuality: Int)
    }

    /// What file is sent; `.smaller(jpegQuality: 85)` unless told otherwise.
    public var format: Format

    public init(format: Format = .smaller(jpegQuality: 85)) {
        self.format = format
    }

    /// The file sent for `image`: PNG or JPEG bytes.
    public func file(for image: PixelImage) throws(ImageCodecError) -> [UInt8] {
        switch format {
        case .png:
            return try ImageEncoder().png(image)
        case .jpeg(let quality):
            return try ImageEncoder().jpeg(image, quality: quality)
        case .smaller(let quality):
            let png = try ImageEncoder().png(image)
            let jpeg = try ImageEncoder().jpeg(image, quality: quality)
            return jpeg.count < png.count ? jpeg : png
        }
    }

    /// The sequence showing `image` over `columns × rows` cells at the cursor.
    public func encode(_ image: PixelImage, columns: Int, rows: Int) throws(ImageCodecError) -> [UInt8] {
        Self.sequence(file: try file(for: image), columns: columns, rows: rows)
    }

    /// The sequence showing `image` at its own size in pixels at the cursor, which stays where it is
    /// (`doNotMoveCursor`: a picture at the bottom of the screen must not scroll it). The painter's way:
    /// the picture was scaled for its cells already, so nothing is stretched.
    public func encodeAtOwnSize(_ image: PixelImage) throws(ImageCodecError) -> [UInt8] {
        let file = try file(for: image)
        let header = "\u{1B}]1337;File=inline=1;width=\(image.width)px;height=\(image.height)px;"
            + "preserveAspectRatio=1;doNotMoveCursor=1;size=\(file.count):"
        var out = Array(header.utf8)
        out += Data(file).base64EncodedData()
        out.append(0x07)
        return out
    }

    /// The sequence showing a PNG or JPEG file over `columns × rows` cells at the cursor.
    public static func sequence(file: [UInt8], columns: Int, rows: Int) -> [UInt8] {
        precondition(columns > 0 && rows > 0, "a picture needs cells")
        let header =
            "\u{1B}]1337;File=inline=1;width=\(columns);height=\(rows);preserveAspectRatio=0;size=\(file.count):"
        var out = Array(header.utf8)
        out += Data(file).base64EncodedData()
        out.append(0x07)
        return out
    }
}

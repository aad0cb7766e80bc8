import ImageCodec

/// Checks an uploaded picture and makes its JPEG thumbnail (≤ 200 px on the long side).
struct ThumbnailMaker: Sendable {
    var longSide = 200
    var quality = 82
    /// Pictures claiming more pixels than this are refused before decoding: 24 Mpx, a 6000×4000 camera's. A
    /// picture's cost is its pixels, not its bytes — a PNG of one colour is 117 KB at 40 Mpx and took 2.3 s.
    var maxPixels = 24_000_000

    /// The thumbnail's JPEG bytes. Decoding skips detail the thumbnail will not show.
    func thumbnail(of bytes: [UInt8]) throws(ImageCodecError) -> [UInt8] {
        let header = try ImageHeader.read(bytes)
        guard header.pixelCount <= maxPixels else {
            throw .tooManyPixels(width: header.width, height: header.height, limit: maxPixels)
        }
        let size = ImageScaler.fitting(width: header.width, height: header.height, longSide: longSide)
        let decoded = try ImageDecoder(maxPixels: maxPixels).decode(bytes, atLeast: size)
        let scaled = ImageScaler().resize(decoded, width: size.width, height: size.height)
        return try ImageEncoder().jpeg(scaled, quality: quality)
    }
}

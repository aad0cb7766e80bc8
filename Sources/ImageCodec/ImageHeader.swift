import CTurboJPEG

/// What a picture's header says — format and size — read without decoding any pixels.
public struct ImageHeader: Sendable, Equatable {
    public let format: ImageFormat
    public let width: Int
    public let height: Int

    public init(format: ImageFormat, width: Int, height: Int) {
        self.format = format
        self.width = width
        self.height = height
    }

    /// Pixel count the header claims.
    /// `width × height`, or `Int.max` when that does not fit (a header can claim anything).
    public var pixelCount: Int {
        let (product, overflow) = width.multipliedReportingOverflow(by: height)
        return overflow ? Int.max : product
    }

    /// Reads the header of JPEG or PNG bytes.
    /// - Throws: `ImageCodecError.notAnImage` for anything else, `.corrupt` for a header that cannot be read.
    public static func read(_ bytes: [UInt8]) throws(ImageCodecError) -> ImageHeader {
        switch ImageFormat.detect(bytes) {
        case .png?: return try readPNG(bytes)
        case .jpeg?: return try readJPEG(bytes)
        case nil: throw .notAnImage
        }
    }

    /// The PNG signature is followed by the IHDR chunk: length, "IHDR", width and height big-endian.
    private static func readPNG(_ b: [UInt8]) throws(ImageCodecError) -> ImageHeader {
        guard b.count >= 24, b[12] == 0x49, b[13] == 0x48, b[14] == 0x44, b[15] == 0x52 else {
            throw .corrupt("PNG without an IHDR header")
        }
        func be32(_ at: Int) -> Int {
            Int(b[at]) << 24 | Int(b[at + 1]) << 16 | Int(b[at + 2]) << 8 | Int(b[at + 3])
        }
        let width = be32(16)
        let height = be32(20)
        // PNG sides are 1…2³¹−1 (PNG spec, 11.2.2); anything else is not a PNG a decoder should start on.
        guard (1...0x7FFF_FFFF).contains(width), (1...0x7FFF_FFFF).contains(height) else {
            throw .corrupt("PNG claims a size of \(width)×\(height)")
        }
        return ImageHeader(format: .png, width: width, height: height)
    }

    private static func readJPEG(_ b: [UInt8]) throws(ImageCodecError) -> ImageHeader {
        guard let handle = tjInitDecompress() else { throw .corrupt("TurboJPEG did not start") }
        defer { tjDestroy(handle) }
        var width: Int32 = 0
        var height: Int32 = 0
        var subsamp: Int32 = 0
        var colorspace: Int32 = 0
        let status = b.withUnsafeBufferPointer { buf in
            tjDecompressHeader3(handle, buf.baseAddress, UInt(buf.count), &width, &height, &subsamp, &colorspace)
        }
        guard status == 0, width > 0, height > 0 else {
            throw .corrupt(String(cString: tjGetErrorStr2(handle)))
        }
        return ImageHeader(format: .jpeg, width: Int(width), height: Int(height))
    }
}

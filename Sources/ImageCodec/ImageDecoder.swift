import CJPEGDC
import CPNG
import CTurboJPEG

/// Decodes JPEG (TurboJPEG) and PNG (libpng) bytes into RGB pixels.
///
/// The header is read first and a picture that claims more than `maxPixels` is refused before any
/// pixel memory is allocated, so a small file that claims to be huge (a "PNG bomb") costs nothing.
public struct ImageDecoder: Sendable {
    /// The most pixels a header may claim; 40 megapixels unless told otherwise.
    public var maxPixels: Int
    /// Whether a 1/8-scale JPEG decode may read only each block's DC coefficient (`CJPEGDC`) instead
    /// of running libjpeg-turbo; pictures that scan does not handle go to libjpeg-turbo either way.
    public var dcScan: Bool
    /// The smallest file the DC scan is used for. Below 16 KiB libjpeg-turbo is as fast: the scan's
    /// table set-up (about 20 µs) outweighs what it saves on a few kilobytes of coefficients
    /// (measured: 0.63× at 3 KB, 0.96× at 10 KB, 1.2× at 30 KB, 1.7× at 300 KB).
    public var dcScanMinimumBytes: Int

    public init(maxPixels: Int = 40_000_000, dcScan: Bool = true, dcScanMinimumBytes: Int = 16 * 1024) {
        self.maxPixels = maxPixels
        self.dcScan = dcScan
        self.dcScanMinimumBytes = dcScanMinimumBytes
    }

    /// Decodes the whole picture.
    public func decode(_ bytes: [UInt8]) throws(ImageCodecError) -> PixelImage {
        try decode(bytes, atLeast: nil)
    }

    /// Decodes a picture, letting JPEG skip detail: the result is the smallest of the decoder's
    /// 1/8…1 scales that is still at least `atLeast` in both directions (PNG is always decoded whole).
    public func decode(_ bytes: [UInt8], atLeast target: (width: Int, height: Int)?) throws(ImageCodecError)
        -> PixelImage
    {
        let header = try ImageHeader.read(bytes)
        guard header.pixelCount <= maxPixels else {
            throw .tooManyPixels(width: header.width, height: header.height, limit: maxPixels)
        }
        switch header.format {
        case .jpeg: return try decodeJPEG(bytes, header: header, target: target)
        case .png: return try decodePNG(bytes)
        }
    }

    private func decodeJPEG(_ bytes: [UInt8], header: ImageHeader, target: (width: Int, height: Int)?)
        throws(ImageCodecError) -> PixelImage
    {
        var (width, height) = (header.width, header.height)
        if let target {
            (width, height) = Self.scaledSize(header: header, atLeast: target)
        }
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        if dcScan, let target, bytes.count >= dcScanMinimumBytes,
            width == (header.width + 7) / 8, height == (header.height + 7) / 8
        {
            let status = bytes.withUnsafeBufferPointer { src in
                pixels.withUnsafeMutableBufferPointer { dst in
                    jdc_decode_eighth(
                        src.baseAddress, src.count, dst.baseAddress, Int32(width), Int32(height),
                        Int32(target.width), Int32(target.height))
                }
            }
            // Anything the scan does not handle, finds damaged, or would show too coarsely is
            // libjpeg-turbo's to decode.
            if status == JDC_OK {
                return PixelImage(width: width, height: height, pixels: pixels)
            }
        }
        guard let handle = tjInitDecompress() else { throw .corrupt("TurboJPEG did not start") }
        defer { tjDestroy(handle) }
        let status = bytes.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { dst in
                tjDecompress2(
                    handle, src.baseAddress, UInt(src.count), dst.baseAddress,
                    Int32(width), 0, Int32(height), Int32(TJPF_RGB.rawValue), 0)
            }
        }
        // A warning (a few bytes missing at the end, say) still leaves a usable picture.
        if status != 0 && tjGetErrorCode(handle) == Int32(TJERR_FATAL.rawValue) {
            throw .corrupt(String(cString: tjGetErrorStr2(handle)))
        }
        return PixelImage(width: width, height: height, pixels: pixels)
    }

    /// The smallest TurboJPEG scale (n/8) whose result still covers `target`.
    static func scaledSize(header: ImageHeader, atLeast target: (width: Int, height: Int)) -> (Int, Int) {
        var best = (header.width, header.height)
        for numerator in stride(from: 8, through: 1, by: -1) {
            let w = (header.width * numerator + 7) / 8
            let h = (header.height * numerator + 7) / 8
            if w >= target.width && h >= target.height {
                best = (w, h)
            } else {
                break
            }
        }
        return best
    }

    private func decodePNG(_ bytes: [UInt8]) throws(ImageCodecError) -> PixelImage {
        // Transparency is composited onto white.
        let read = try readPNG(bytes, format: UInt32(PNG_FORMAT_FLAG_COLOR), channels: 3, white: true)
        return PixelImage(width: read.width, height: read.height, pixels: read.pixels)
    }

    /// Decodes a PNG to RGBA with its transparency kept (colour fonts' glyphs, overlays).
    public func decodeRGBA(_ bytes: [UInt8]) throws(ImageCodecError) -> RGBAImage {
        let header = try ImageHeader.read(bytes)
        guard header.format == .png else { throw .corrupt("not a PNG") }
        let read = try readPNG(
            bytes, format: UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA), channels: 4, white: false)
        return RGBAImage(width: read.width, height: read.height, pixels: read.pixels)
    }

    /// libpng's simplified API: header, the pixel limit, then every pixel in `format` (`channels` bytes each).
    private func readPNG(_ bytes: [UInt8], format: UInt32, channels: Int, white: Bool) throws(ImageCodecError)
        -> (width: Int, height: Int, pixels: [UInt8])
    {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        let began = bytes.withUnsafeBufferPointer { buf in
            png_image_begin_read_from_memory(&image, buf.baseAddress, buf.count)
        }
        guard began != 0 else {
            let message = Self.message(of: &image)
            png_image_free(&image)
            throw .corrupt(message)
        }
        let width = Int(image.width)
        let height = Int(image.height)
        guard width * height <= maxPixels else {
            png_image_free(&image)
            throw .tooManyPixels(width: width, height: height, limit: maxPixels)
        }
        image.format = format
        var pixels = [UInt8](repeating: 0, count: width * height * channels)
        var background = png_color(red: 255, green: 255, blue: 255)
        let finished = bytes.withUnsafeBufferPointer { _ in
            pixels.withUnsafeMutableBufferPointer { dst in
                white
                    ? png_image_finish_read(&image, &background, dst.baseAddress, 0, nil)
                    : png_image_finish_read(&image, nil, dst.baseAddress, 0, nil)
            }
        }
        guard finished != 0 else {
            let message = Self.message(of: &image)
            png_image_free(&image)
            throw .corrupt(message)
        }
        return (width, height, pixels)
    }

    private static func message(of image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { raw in
            let bytes = raw.prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}

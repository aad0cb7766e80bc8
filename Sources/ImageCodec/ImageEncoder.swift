import CPNG
import CTurboJPEG

/// Encodes RGB pixels as JPEG (TurboJPEG) or PNG (libpng).
public struct ImageEncoder: Sendable {
    public init() {}

    /// JPEG bytes at `quality` (1…100), 4:2:0 chroma unless told otherwise; baseline unless `progressive`.
    public func jpeg(_ image: PixelImage, quality: Int = 85, chroma: JPEGChroma = .subsampled420, progressive: Bool = false)
        throws(ImageCodecError) -> [UInt8]
    {
        guard let handle = tjInitCompress() else { throw .encodeFailed("TurboJPEG did not start") }
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        let status = image.pixels.withUnsafeBufferPointer { src in
            tjCompress2(
                handle, src.baseAddress, Int32(image.width), 0, Int32(image.height), Int32(TJPF_RGB.rawValue),
                &output, &size, chroma.turboSubsampling, Int32(max(1, min(100, quality))),
                progressive ? TJFLAG_PROGRESSIVE : 0)
        }
        defer { if let output { tjFree(output) } }
        guard status == 0, let output else { throw .encodeFailed(String(cString: tjGetErrorStr2(handle))) }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }

    /// PNG bytes (8-bit RGB).
    public func png(_ image: PixelImage) throws(ImageCodecError) -> [UInt8] {
        var header = png_image()
        header.version = UInt32(PNG_IMAGE_VERSION)
        header.width = UInt32(image.width)
        header.height = UInt32(image.height)
        header.format = UInt32(PNG_FORMAT_FLAG_COLOR)
        var size = 0
        let sized = image.pixels.withUnsafeBufferPointer { src in
            png_image_write_to_memory(&header, nil, &size, 0, src.baseAddress, 0, nil)
        }
        guard sized != 0, size > 0 else { throw .encodeFailed("libpng could not size the output") }
        var output = [UInt8](repeating: 0, count: size)
        let written = image.pixels.withUnsafeBufferPointer { src in
            output.withUnsafeMutableBufferPointer { dst in
                png_image_write_to_memory(&header, dst.baseAddress, &size, 0, src.baseAddress, 0, nil)
            }
        }
        guard written != 0 else { throw .encodeFailed("libpng could not write the picture") }
        return Array(output.prefix(size))
    }
}

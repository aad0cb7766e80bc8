import CZlib
import ImageCodec

/// zlib's one-shot deflate (RFC 1950 framing), as the kitty graphics protocol's `o=z` expects.
public struct Zlib: Sendable {
    /// zlib's compression level, 1 (fastest) to 9 (smallest); 6 is zlib's own default.
    public var level: Int

    public init(level: Int = 6) {
        precondition((1...9).contains(level), "zlib levels are 1…9")
        self.level = level
    }

    /// The bytes compressed in one zlib stream.
    public func compress(_ bytes: [UInt8]) throws(ImageCodecError) -> [UInt8] {
        var size = compressBound(uLong(bytes.count))
        var out = [UInt8](repeating: 0, count: Int(size))
        let status = bytes.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                compress2(dst.baseAddress, &size, src.baseAddress, uLong(src.count), Int32(level))
            }
        }
        guard status == Z_OK else { throw .encodeFailed("zlib compress2 returned \(status)") }
        return Array(out.prefix(Int(size)))
    }
}

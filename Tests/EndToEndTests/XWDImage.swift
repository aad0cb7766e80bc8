import Foundation

/// A screenshot in X Window Dump format (what `xwd` writes), read into RGB pixels: ZPixmap, 24 or 32 bits
/// per pixel, either byte order — what Xvfb's TrueColor screens give.
struct XWDImage {
    let width: Int
    let height: Int
    /// RGB, three bytes a pixel, row after row.
    let pixels: [UInt8]

    struct Unreadable: Error, CustomStringConvertible {
        let description: String
    }

    init(_ data: Data) throws {
        let bytes = [UInt8](data)
        func field(_ index: Int) throws -> Int {
            let at = index * 4
            guard at + 4 <= bytes.count else { throw Unreadable(description: "short header") }
            return Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
        }
        let headerSize = try field(0)
        guard try field(1) == 7, try field(2) == 2 else { throw Unreadable(description: "not an XWD ZPixmap, version 7") }
        width = try field(4)
        height = try field(5)
        let byteOrder = try field(7)  // 0: least significant byte first
        let bitsPerPixel = try field(11)
        let bytesPerLine = try field(12)
        let masks = (red: try field(14), green: try field(15), blue: try field(16))
        let colors = try field(19)
        guard bitsPerPixel == 32 || bitsPerPixel == 24 else { throw Unreadable(description: "\(bitsPerPixel) bits per pixel") }
        let start = headerSize + colors * 12
        guard start + bytesPerLine * height <= bytes.count else { throw Unreadable(description: "short pixel data") }
        let step = bitsPerPixel / 8
        func shift(_ mask: Int) -> Int { mask == 0 ? 0 : mask.trailingZeroBitCount }
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let at = start + y * bytesPerLine + x * step
                var value = 0
                for i in 0..<step {
                    let byte = Int(bytes[at + i])
                    value |= byteOrder == 0 ? byte << (8 * i) : byte << (8 * (step - 1 - i))
                }
                let out = (y * width + x) * 3
                pixels[out] = UInt8((value & masks.red) >> shift(masks.red))
                pixels[out + 1] = UInt8((value & masks.green) >> shift(masks.green))
                pixels[out + 2] = UInt8((value & masks.blue) >> shift(masks.blue))
            }
        }
        self.pixels = pixels
    }

    /// The pixel at (x, y) as (r, g, b).
    subscript(x: Int, y: Int) -> (UInt8, UInt8, UInt8) {
        let at = (y * width + x) * 3
        return (pixels[at], pixels[at + 1], pixels[at + 2])
    }

    /// How many different colours the rectangle holds.
    func colorCount(x: Int, y: Int, width: Int, height: Int) -> Int {
        var seen = Set<Int>()
        for py in y..<min(self.height, y + height) {
            for px in x..<min(self.width, x + width) {
                let (r, g, b) = self[px, py]
                seen.insert(Int(r) << 16 | Int(g) << 8 | Int(b))
            }
        }
        return seen.count
    }
}

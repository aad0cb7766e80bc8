import Foundation

/// A screenshot in X Window Dump format (what `xwd` writes): ZPixmap, 24 or 32 bits per pixel, either byte
/// order — what Xvfb's TrueColor screens give. Pixels are read where asked, not all converted up front.
struct XWDImage: Sendable {
    let width: Int
    let height: Int
    private let bytes: [UInt8]
    private let start: Int
    private let bytesPerLine: Int
    private let step: Int
    private let leastSignificantFirst: Bool
    private let masks: (red: Int, green: Int, blue: Int)

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
        leastSignificantFirst = try field(7) == 0
        let bitsPerPixel = try field(11)
        bytesPerLine = try field(12)
        masks = (try field(14), try field(15), try field(16))
        guard bitsPerPixel == 32 || bitsPerPixel == 24 else { throw Unreadable(description: "\(bitsPerPixel) bits per pixel") }
        step = bitsPerPixel / 8
        start = headerSize + (try field(19)) * 12
        guard start + bytesPerLine * height <= bytes.count else { throw Unreadable(description: "short pixel data") }
        self.bytes = bytes
    }

    /// The pixel at (x, y) as (r, g, b).
    subscript(x: Int, y: Int) -> (UInt8, UInt8, UInt8) {
        let at = start + y * bytesPerLine + x * step
        var value = 0
        for i in 0..<step {
            let byte = Int(bytes[at + i])
            value |= leastSignificantFirst ? byte << (8 * i) : byte << (8 * (step - 1 - i))
        }
        func channel(_ mask: Int) -> UInt8 { mask == 0 ? 0 : UInt8((value & mask) >> mask.trailingZeroBitCount) }
        return (channel(masks.red), channel(masks.green), channel(masks.blue))
    }

    /// How many different colours the rectangle holds.
    func colorCount(x: Int, y: Int, width: Int, height: Int) -> Int {
        var seen = Set<Int>()
        for py in max(0, y)..<min(self.height, y + height) {
            for px in max(0, x)..<min(self.width, x + width) {
                let (r, g, b) = self[px, py]
                seen.insert(Int(r) << 16 | Int(g) << 8 | Int(b))
            }
        }
        return seen.count
    }
}

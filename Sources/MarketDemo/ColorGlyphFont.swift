public import Foundation
public import ImageCodec

/// The colour bitmaps of an OpenType font with `CBDT`/`CBLC` tables (Noto Color Emoji and the like):
/// a code point's glyph as the PNG the font carries, or decoded to RGBA.
///
/// Only what such fonts use is read: the table directory, a format-12 or format-4 `cmap`, and bitmap
/// index formats 1 and 3 with image formats 17, 18 and 19 (PNG data). Every offset is checked against
/// the file, so a damaged font gives `nil` or an error, never a crash.
public struct ColorGlyphFont: Sendable {
    /// The font file's bytes (memory-mapped when read from a file: only the pages looked at are loaded).
    let bytes: Data
    let cbdt: Range<Int>
    let cblc: Range<Int>
    let cmap: Range<Int>

    /// The pixel size of the strike that was read (Noto Color Emoji: 109 ppem, 136 × 128 bitmaps).
    public let pixelsPerEm: Int

    /// Reads the font at `url` (memory-mapped where the system allows).
    public init(contentsOf url: URL) throws(ImageCodecError) {
        guard let data = try? Data(contentsOf: url, options: .alwaysMapped) else {
            throw .corrupt("cannot read \(url.path)")
        }
        try self.init(data: data)
    }

    /// Reads a font from its bytes.
    public init(bytes: [UInt8]) throws(ImageCodecError) {
        try self.init(data: Data(bytes))
    }

    private init(data: Data) throws(ImageCodecError) {
        let bytes = data.startIndex == 0 ? data : Data(data)
        self.bytes = bytes
        let reader = FontBytes(bytes)
        guard let count = reader.u16(4) else { throw .corrupt("not an OpenType font: too short") }
        var tables: [String: Range<Int>] = [:]
        for index in 0..<count {
            let record = 12 + index * 16
            guard let tag = reader.tag(record), let offset = reader.u32(record + 8),
                let length = reader.u32(record + 12), offset + length <= bytes.count
            else { throw .corrupt("not an OpenType font: table record \(index) out of the file") }
            tables[tag] = offset..<(offset + length)
        }
        guard let cbdt = tables["CBDT"], let cblc = tables["CBLC"], let cmap = tables["cmap"] else {
            throw .corrupt("the font has no colour bitmaps (CBDT/CBLC) or no cmap")
        }
        self.cbdt = cbdt
        self.cblc = cblc
        self.cmap = cmap
        guard let strikes = reader.u32(cblc.lowerBound + 4), strikes > 0,
            let ppem = reader.u8(cblc.lowerBound + 8 + 44)
        else { throw .corrupt("CBLC has no bitmap sizes") }
        pixelsPerEm = ppem
    }

    /// The glyph index `scalar` maps to, if the font has it.
    public func glyphIndex(of scalar: Unicode.Scalar) -> Int? {
        let reader = FontBytes(bytes)
        let base = cmap.lowerBound
        guard let count = reader.u16(base + 2) else { return nil }
        var format4: Int?
        for index in 0..<count {
            let record = base + 4 + index * 8
            guard let platform = reader.u16(record), let encoding = reader.u16(record + 2),
                let offset = reader.u32(record + 4), let format = reader.u16(base + offset)
            else { continue }
            let unicode = platform == 0 || (platform == 3 && (encoding == 1 || encoding == 10))
            guard unicode else { continue }
            if format == 12 { return format12(at: base + offset, scalar.value, reader) }
            if format == 4 { format4 = base + offset }
        }
        return format4.flatMap { format4Glyph(at: $0, scalar.value, reader) }
    }

    private func format12(at table: Int, _ code: UInt32, _ reader: FontBytes) -> Int? {
        guard let groups = reader.u32(table + 12) else { return nil }
        var low = 0
        var high = groups - 1
        while low <= high {
            let middle = (low + high) / 2
            let group = table + 16 + middle * 12
            guard let start = reader.u32(group), let end = reader.u32(group + 4), let glyph = reader.u32(group + 8)
            else { return nil }
            if code < start {
                high = middle - 1
            } else if code > end {
                low = middle + 1
            } else {
                return glyph + Int(code) - start
            }
        }
        return nil
    }

    private func format4Glyph(at table: Int, _ code: UInt32, _ reader: FontBytes) -> Int? {
        guard code <= 0xFFFF, let doubled = reader.u16(table + 6) else { return nil }
        let segments = doubled / 2
        let ends = table + 14
        let starts = ends + doubled + 2
        let deltas = starts + doubled
        let rangeOffsets = deltas + doubled
        for segment in 0..<segments {
            guard let end = reader.u16(ends + segment * 2), code <= end else { continue }
            guard let start = reader.u16(starts + segment * 2), let delta = reader.u16(deltas + segment * 2),
                let rangeOffset = reader.u16(rangeOffsets + segment * 2), code >= start
            else { return nil }
            if rangeOffset == 0 { return (Int(code) + delta) & 0xFFFF }
            let at = rangeOffsets + segment * 2 + rangeOffset + (Int(code) - start) * 2
            guard let glyph = reader.u16(at), glyph != 0 else { return nil }
            return (glyph + delta) & 0xFFFF
        }
        return nil
    }

    /// The PNG bytes of `scalar`'s colour bitmap, if the font has one.
    public func png(for scalar: Unicode.Scalar) -> [UInt8]? {
        guard let glyph = glyphIndex(of: scalar), glyph > 0 else { return nil }
        return png(glyph: glyph)
    }

    /// `scalar`'s colour bitmap, decoded.
    public func picture(for scalar: Unicode.Scalar, decoder: ImageDecoder = ImageDecoder()) throws(ImageCodecError)
        -> RGBAImage?
    {
        guard let png = png(for: scalar) else { return nil }
        return try decoder.decodeRGBA(png)
    }

    private func png(glyph: Int) -> [UInt8]? {
        let reader = FontBytes(bytes)
        let table = cblc.lowerBound
        // The first strike (Noto has exactly one); its index subtables cover ranges of glyphs.
        let size = table + 8
        guard let arrayOffset = reader.u32(size), let subtables = reader.u32(size + 8) else { return nil }
        let array = table + arrayOffset
        for index in 0..<min(subtables, 10_000) {
            let entry = array + index * 8
            guard let first = reader.u16(entry), let last = reader.u16(entry + 2), glyph >= first, glyph <= last,
                let extra = reader.u32(entry + 4)
            else { continue }
            let subtable = array + extra
            guard let indexFormat = reader.u16(subtable), let imageFormat = reader.u16(subtable + 2),
                let imageData = reader.u32(subtable + 4)
            else { return nil }
            let position = glyph - first
            let start: Int?
            let end: Int?
            switch indexFormat {
            case 1:
                start = reader.u32(subtable + 8 + position * 4)
                end = reader.u32(subtable + 8 + (position + 1) * 4)
            case 3:
                start = reader.u16(subtable + 8 + position * 2)
                end = reader.u16(subtable + 8 + (position + 1) * 2)
            default:
                return nil
            }
            guard let start, let end, end > start else { return nil }
            return pngData(format: imageFormat, at: cbdt.lowerBound + imageData + start, limit: cbdt.lowerBound + imageData + end)
        }
        return nil
    }

    private func pngData(format: Int, at offset: Int, limit: Int) -> [UInt8]? {
        let reader = FontBytes(bytes)
        let header: Int
        switch format {
        case 17: header = 5  // small glyph metrics
        case 18: header = 8  // big glyph metrics
        case 19: header = 0  // metrics in CBLC
        default: return nil
        }
        guard let length = reader.u32(offset + header) else { return nil }
        let data = offset + header + 4
        guard length > 0, data + length <= min(limit, cbdt.upperBound) else { return nil }
        return [UInt8](bytes[data..<(data + length)])
    }
}

/// Big-endian reads that answer `nil` past the end instead of trapping.
private struct FontBytes {
    let bytes: Data

    init(_ bytes: Data) { self.bytes = bytes }

    func u8(_ at: Int) -> Int? {
        at >= 0 && at < bytes.count ? Int(bytes[at]) : nil
    }

    func u16(_ at: Int) -> Int? {
        guard at >= 0, at + 2 <= bytes.count else { return nil }
        return Int(bytes[at]) << 8 | Int(bytes[at + 1])
    }

    func u32(_ at: Int) -> Int? {
        guard at >= 0, at + 4 <= bytes.count else { return nil }
        return Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
    }

    func tag(_ at: Int) -> String? {
        guard at >= 0, at + 4 <= bytes.count else { return nil }
        return String(decoding: [UInt8](bytes[at..<(at + 4)]), as: UTF8.self)
    }
}

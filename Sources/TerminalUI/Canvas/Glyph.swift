/// A grapheme as a cell holds it: its UTF-8 bytes kept inline (at most `capacity`) with their count and the
/// columns they take, so that a cell is plain data — a canvas is filled, copied, compared and freed as memory,
/// with no reference to count (a frame's canvases were a fifth of a key's work while cells held strings).
///
/// A grapheme longer than `capacity` bytes (a family emoji of joined people, a flag of tag characters, a letter
/// under a pile of marks) keeps its first scalar and what follows it up to the first joiner or tag character,
/// as much of that as fits: it takes the same columns, and never draws half of a joined sequence.
public struct Glyph: Hashable, Sendable {
    /// Bytes 0–7 of the UTF-8 (byte 0 in the lowest bits).
    private var low: UInt64
    /// Bytes 8–14 of the UTF-8, then the count (bits 56–59) and the columns (bits 60–61). Unused bytes are zero,
    /// so equal glyphs are equal words.
    private var high: UInt64

    /// The most UTF-8 bytes a glyph holds.
    public static let capacity = 15

    /// The right half of a wide grapheme: no bytes, no columns.
    public static let continuation = Glyph(low: 0, high: 0)
    /// A space.
    public static let space = Glyph(ascii: 0x20)

    private init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }

    /// One printable ASCII character (`byte` from 0x20 to 0x7E): one column.
    public init(ascii byte: UInt8) {
        low = UInt64(byte)
        high = 1 << 56 | 1 << 60
    }

    /// `text` (one grapheme; empty for a continuation), cut as the type's summary says when it is longer than
    /// `capacity` bytes.
    public init(_ text: some StringProtocol) {
        self.init(text, width: DisplayWidth.of(text))
    }

    /// `character`, which takes `width` columns (as `DisplayWidth` counts it).
    public init(_ character: Character, width: Int) {
        self.init(character.unicodeScalars, width: width)
    }

    /// One `scalar`, which takes `width` columns.
    public init(_ scalar: Unicode.Scalar, width: Int) {
        self.init(CollectionOfOne(scalar), width: width)
    }

    init(_ text: some StringProtocol, width: Int) {
        self.init(text.unicodeScalars, width: width)
    }

    private init(_ scalars: some Collection<Unicode.Scalar>, width: Int) {
        low = 0
        high = 0
        let whole = scalars.reduce(0) { $0 + $1.utf8.count } <= Self.capacity
        for scalar in scalars {
            if !whole, count > 0, scalar.value == 0x200D || (0xE0000...0xE007F).contains(scalar.value) { break }
            guard append(scalar) else { break }
        }
        if count > 0 { self.width = width }
    }

    /// The UTF-8 bytes held.
    public var count: Int { Int(high >> 56 & 0xF) }

    /// Whether it holds nothing (the right half of a wide grapheme).
    public var isEmpty: Bool { count == 0 }

    /// The columns the grapheme takes (0 for a continuation, 1, or 2).
    public internal(set) var width: Int {
        get { Int(high >> 60 & 0x3) }
        set { high = high & ~(0x3 << 60) | UInt64(min(2, max(0, newValue))) << 60 }
    }

    /// The grapheme as text.
    public var text: String {
        withUTF8 { String(decoding: $0, as: UTF8.self) }
    }

    /// The grapheme's UTF-8 bytes.
    public func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        let words = (low.littleEndian, (high & 0x00FF_FFFF_FFFF_FFFF).littleEndian)
        let count = self.count
        return try withUnsafeBytes(of: words) { bytes in
            try body(UnsafeBufferPointer(rebasing: bytes.bindMemory(to: UInt8.self)[0..<count]))
        }
    }

    /// Appends the grapheme's UTF-8 bytes to `bytes`.
    public func appendUTF8(to bytes: inout [UInt8]) {
        withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Calls `body` with each of the grapheme's scalars, in order.
    public func forEachScalar(_ body: (Unicode.Scalar) -> Void) {
        withUTF8 { bytes in
            var iterator = bytes.makeIterator()
            var decoder = UTF8()
            while case .scalarValue(let scalar) = decoder.decode(&iterator) { body(scalar) }
        }
    }

    /// The two words the glyph is, for a fingerprint of a row.
    public var words: (UInt64, UInt64) { (low, high) }

    /// Appends `character`'s scalars that fit (a combining mark drawn over this glyph's grapheme); the columns are
    /// counted again.
    public mutating func append(_ character: Character) {
        for scalar in character.unicodeScalars where !append(scalar) { break }
        width = DisplayWidth.of(text)
    }

    /// Appends `scalar`'s UTF-8 when it fits; returns whether it did.
    @discardableResult
    private mutating func append(_ scalar: Unicode.Scalar) -> Bool {
        let start = count
        let encoded = scalar.utf8
        guard start + encoded.count <= Self.capacity else { return false }
        for (offset, byte) in encoded.enumerated() {
            let index = start + offset
            if index < 8 {
                low |= UInt64(byte) << (8 * index)
            } else {
                high |= UInt64(byte) << (8 * (index - 8))
            }
        }
        high = high & ~(0xF << 56) | UInt64(start + encoded.count) << 56
        return true
    }
}

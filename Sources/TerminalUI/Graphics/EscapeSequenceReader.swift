/// Splits what a terminal sends into the escape sequences it answers with (CSI; DCS, APC and OSC strings)
/// and everything else, byte by byte.
struct EscapeSequenceReader {
    enum Piece: Equatable {
        /// A byte that starts no sequence.
        case other(UInt8)
        /// `ESC [` parameters and intermediates, then the final byte.
        case csi(body: [UInt8], final: UInt8)
        /// `ESC P`, `ESC _` or `ESC ]` (the introducer), the body, then `ESC \` or BEL.
        case string(introducer: UInt8, body: [UInt8])
    }

    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    private static let escape: UInt8 = 0x1B

    mutating func next() -> Piece? {
        guard index < bytes.count else { return nil }
        let byte = bytes[index]
        guard byte == Self.escape, index + 1 < bytes.count else {
            index += 1
            return .other(byte)
        }
        let introducer = bytes[index + 1]
        switch introducer {
        case UInt8(ascii: "["):
            var end = index + 2
            while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
            guard end < bytes.count else { return cutOff() }
            defer { index = end + 1 }
            return .csi(body: Array(bytes[(index + 2)..<end]), final: bytes[end])
        case UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "]"):
            var end = index + 2
            while end < bytes.count {
                if bytes[end] == 0x07 { break }
                if bytes[end] == Self.escape, end + 1 < bytes.count, bytes[end + 1] == UInt8(ascii: "\\") { break }
                end += 1
            }
            guard end < bytes.count else { return cutOff() }
            defer { index = end + (bytes[end] == 0x07 ? 1 : 2) }
            return .string(introducer: introducer, body: Array(bytes[(index + 2)..<end]))
        default:
            index += 1
            return .other(byte)
        }
    }

    /// A sequence the bytes end in the middle of: dropped.
    private mutating func cutOff() -> Piece? {
        index = bytes.count
        return nil
    }
}

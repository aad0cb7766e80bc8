/// Turns the bytes a terminal sends into Unicode scalars, one byte at a time, as they arrive from
/// curses (`wgetch` gives the bytes of a multibyte character one by one). A byte that cannot belong
/// to valid UTF-8 (a Latin-1 terminal, junk in a paste) is reported as such and costs nothing after
/// it: decoding goes on with the next byte. A character split across two reads is completed by the second.
package struct UTF8Assembler: Sendable {
    /// What a byte completes.
    package enum Piece: Equatable, Sendable {
        case scalar(Unicode.Scalar)
        /// Bytes that are not UTF-8 (shown as U+FFFD in a paste, dropped as keys).
        case invalid
    }

    private var pending: [UInt8] = []
    private var expected = 0

    package init() {}

    /// What `byte` completes: nothing while a character is incomplete, one piece normally, two when a
    /// broken sequence is cut short by a byte that starts something new.
    package mutating func take(_ byte: UInt8) -> [Piece] {
        if pending.isEmpty {
            return start(byte)
        }
        guard byte & 0xC0 == 0x80 else {
            // The sequence was cut short: U+FFFD for it, then the byte on its own.
            pending.removeAll()
            return [.invalid] + start(byte)
        }
        pending.append(byte)
        guard pending.count == expected else { return [] }
        defer { pending.removeAll() }
        var decoder = UTF8()
        var iterator = pending.makeIterator()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return [.scalar(scalar)] }
        return [.invalid]  // overlong, a surrogate, or above U+10FFFF
    }

    /// Whether part of a character is waiting for its other bytes.
    package var isIncomplete: Bool { !pending.isEmpty }

    private mutating func start(_ byte: UInt8) -> [Piece] {
        switch byte {
        case 0x00...0x7F: return [.scalar(Unicode.Scalar(byte))]
        case 0xC2...0xDF: expected = 2
        case 0xE0...0xEF: expected = 3
        case 0xF0...0xF4: expected = 4
        default: return [.invalid]  // a stray continuation byte, C0/C1 overlong leads, F5…FF
        }
        pending = [byte]
        return []
    }
}

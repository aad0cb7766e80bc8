import MarketWords

/// An event's id in the change stream: the stream's epoch (a number drawn when the server started, so that
/// an id from before a restart, or from another replica, is told apart from one of this stream) and the
/// event's place in it. Written `epoch-sequence` in hexadecimal and decimal: `9f3a07c2-42`.
struct ChangeEventID: Sendable, Equatable, CustomStringConvertible {
    let epoch: UInt32
    let sequence: Int

    var description: String { String(epoch, radix: 16) + "-" + String(sequence) }

    /// Reads an id as a client sent it back; nil for anything this market never writes (too long, a
    /// sign, spaces, leading zeros beyond a lone 0, a sequence past `Int`).
    init?(_ text: some StringProtocol) {
        guard text.utf8.count <= ChangeEvents.longestID else { return nil }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2,
            parts[0].utf8.count <= 8, parts[0].utf8.allSatisfy({ Self.isHexDigit($0) }),
            let epoch = UInt32(parts[0], radix: 16), String(epoch, radix: 16) == parts[0],
            parts[1].utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            let sequence = Int(parts[1]), String(sequence) == parts[1]
        else { return nil }
        self.init(epoch: epoch, sequence: sequence)
    }

    init(epoch: UInt32, sequence: Int) {
        self.epoch = epoch
        self.sequence = sequence
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
    }
}

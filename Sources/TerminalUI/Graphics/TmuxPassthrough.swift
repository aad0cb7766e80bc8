/// tmux's passthrough: a sequence for the terminal outside tmux, wrapped so that tmux hands it on
/// untouched (`ESC P tmux; … ESC \`, every ESC inside doubled). tmux 3.3 and later pass it only with
/// `allow-passthrough on`.
public enum TmuxPassthrough {
    /// `bytes` (one or more escape sequences, each ending in ST `ESC \`), each wrapped on its own: tmux
    /// reads a passthrough into a buffer of limited size, and a picture is many sequences.
    public static func wrap(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 64 + 16)
        var start = 0
        var i = 0
        while i < bytes.count {
            let endsSequence = bytes[i] == 0x1B && i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "\\")
            if endsSequence || i == bytes.count - 1 {
                let end = endsSequence ? i + 2 : i + 1
                out += wrapOne(bytes[start..<end])
                start = end
                i = end
            } else {
                i += 1
            }
        }
        return out
    }

    private static func wrapOne(_ sequence: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = [0x1B, UInt8(ascii: "P")] + Array("tmux;".utf8)
        for byte in sequence {
            if byte == 0x1B { out.append(0x1B) }
            out.append(byte)
        }
        out += [0x1B, UInt8(ascii: "\\")]
        return out
    }

    /// The sequences inside passthroughs, unwrapped (for tests).
    public static func unwrap(_ bytes: [UInt8]) -> [UInt8] {
        let prefix: [UInt8] = [0x1B, UInt8(ascii: "P")] + Array("tmux;".utf8)
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            guard bytes[i...].starts(with: prefix) else {
                out.append(bytes[i])
                i += 1
                continue
            }
            i += prefix.count
            while i < bytes.count {
                if bytes[i] == 0x1B, i + 1 < bytes.count, bytes[i + 1] == 0x1B {
                    out.append(0x1B)
                    i += 2
                } else if bytes[i] == 0x1B, i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "\\") {
                    i += 2
                    break
                } else {
                    out.append(bytes[i])
                    i += 1
                }
            }
        }
        return out
    }
}

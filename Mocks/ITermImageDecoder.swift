import Foundation
import ImageCodec

/// Reads an iTerm2 inline-image sequence back (`ESC ] 1337 ; File=<arguments>:<base64> BEL`): its
/// arguments, its file, and the picture in it. For tests and benchmarks; refuses what is not one.
public struct ITermImageDecoder: Sendable {
    /// One sequence, read back.
    public struct Decoded: Sendable {
        /// The arguments by name (`inline`, `width`, `height`, `size`…).
        public var arguments: [String: String]
        /// The file sent (PNG or JPEG bytes).
        public var file: [UInt8]

        /// The picture in the file.
        public func image() throws -> PixelImage { try ImageDecoder().decode(file) }
    }

    /// Why a sequence was refused.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public var reason: String
        public var description: String { reason }
    }

    public init() {}

    public func decode(_ bytes: [UInt8]) throws(Failure) -> Decoded {
        let prefix = Array("\u{1B}]1337;File=".utf8)
        guard bytes.starts(with: prefix) else { throw Failure(reason: "does not start ESC ] 1337 ; File=") }
        guard bytes.last == 0x07 else { throw Failure(reason: "does not end with BEL") }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { throw Failure(reason: "no ':' before the file") }
        var arguments: [String: String] = [:]
        for pair in String(decoding: bytes[prefix.count..<colon], as: UTF8.self).split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, arguments[parts[0]] == nil else { throw Failure(reason: "argument \(pair)") }
            arguments[parts[0]] = parts[1]
        }
        guard let file = Data(base64Encoded: Data(bytes[(colon + 1)..<(bytes.count - 1)])) else {
            throw Failure(reason: "the file is not base64")
        }
        return Decoded(arguments: arguments, file: [UInt8](file))
    }
}

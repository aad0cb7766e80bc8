import CZlib
import Foundation
import ImageCodec

/// A strict reader of kitty graphics protocol output for tests: splits a byte stream into commands,
/// joins chunked transmissions, checks the chunking rules, decodes the base64 and the picture.
///
/// Refused: bytes outside `ESC _ G … ESC \` commands, a key given twice, a continuation chunk with keys
/// other than `m` and `q`, a chunk over 4096 base64 bytes or (before the last) not a multiple of 4,
/// invalid base64, raw pixels whose size disagrees with `s` and `v`, a zlib stream that does not
/// inflate to exactly that size, and formats other than `f=24` and `f=100`.
public struct KittyPayloadDecoder: Sendable {
    /// One command as the terminal would act on it, chunks joined.
    public struct Command: Sendable {
        /// The keys of the first chunk, as written (in order, `key=value`).
        public var keys: [String]
        /// The keys by name.
        public var values: [String: String]
        /// The base64 pieces' sizes, one per escape sequence.
        public var chunkSizes: [Int]
        /// The keys of each continuation chunk, as written.
        public var continuationKeys: [[String]]
        /// The payload after base64 (still PNG or compressed, as sent).
        public var payload: [UInt8]
        /// The picture, for commands that carry one.
        public var image: PixelImage?
    }

    /// Why a stream was refused.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public var reason: String
        public var description: String { reason }
    }

    public init() {}

    public func decode(_ bytes: [UInt8]) throws(Failure) -> [Command] {
        var commands: [Command] = []
        var pending: Command?
        var i = 0
        while i < bytes.count {
            guard i + 3 <= bytes.count, bytes[i] == 0x1B, bytes[i + 1] == UInt8(ascii: "_"),
                bytes[i + 2] == UInt8(ascii: "G")
            else { throw Failure(reason: "byte \(i) does not start ESC _ G") }
            var j = i + 3
            while j + 1 < bytes.count, !(bytes[j] == 0x1B && bytes[j + 1] == UInt8(ascii: "\\")) { j += 1 }
            guard j + 1 < bytes.count else { throw Failure(reason: "command at \(i) has no ESC \\") }
            let body = Array(bytes[(i + 3)..<j])
            i = j + 2
            let semicolon = body.firstIndex(of: UInt8(ascii: ";"))
            let keyText = String(decoding: body[..<(semicolon ?? body.count)], as: UTF8.self)
            let chunk = semicolon.map { Array(body[($0 + 1)...]) } ?? []
            let keys =
                keyText.isEmpty ? [] : keyText.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            var values: [String: String] = [:]
            for key in keys {
                let parts = key.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2, !parts[0].isEmpty else { throw Failure(reason: "key \"\(key)\" is not k=v") }
                guard values[parts[0]] == nil else { throw Failure(reason: "key \(parts[0]) given twice") }
                values[parts[0]] = parts[1]
            }
            guard chunk.count <= 4096 else { throw Failure(reason: "a chunk of \(chunk.count) base64 bytes") }
            guard let decoded = Data(base64Encoded: Data(chunk)) else {
                throw Failure(reason: "chunk is not valid base64")
            }
            let more = values["m"] == "1"
            if var command = pending {
                guard Set(values.keys).isSubset(of: ["m", "q"]) else {
                    throw Failure(reason: "continuation chunk with keys \(keys)")
                }
                guard command.chunkSizes.last! % 4 == 0 else {
                    throw Failure(reason: "a chunk before the last is not 4n")
                }
                command.chunkSizes.append(chunk.count)
                command.continuationKeys.append(keys)
                command.payload += decoded
                if more {
                    pending = command
                } else {
                    pending = nil
                    commands.append(try finished(command))
                }
            } else {
                let command = Command(
                    keys: keys, values: values, chunkSizes: [chunk.count], continuationKeys: [],
                    payload: [UInt8](decoded),
                    image: nil)
                if more {
                    pending = command
                } else {
                    commands.append(try finished(command))
                }
            }
        }
        guard pending == nil else { throw Failure(reason: "the stream ends inside a chunked transmission") }
        return commands
    }

    /// The command with its picture decoded, when it transmits one.
    private func finished(_ command: Command) throws(Failure) -> Command {
        var command = command
        guard ["t", "T", "q"].contains(command.values["a"] ?? "t"), !command.payload.isEmpty else { return command }
        var data = command.payload
        let format = command.values["f"] ?? "32"
        switch format {
        case "100":
            if command.values["o"] == "z" {
                guard let size = command.values["S"].flatMap(Int.init) else {
                    throw Failure(reason: "o=z PNG without S")
                }
                data = try inflate(data, size: size)
            }
            do {
                command.image = try ImageDecoder().decode(data)
            } catch {
                throw Failure(reason: "PNG does not decode: \(error)")
            }
        case "24":
            guard let width = command.values["s"].flatMap(Int.init), let height = command.values["v"].flatMap(Int.init),
                width > 0, height > 0
            else { throw Failure(reason: "f=24 without s and v") }
            if command.values["o"] == "z" { data = try inflate(data, size: width * height * 3) }
            guard data.count == width * height * 3 else {
                throw Failure(reason: "\(data.count) bytes of RGB for \(width)×\(height)")
            }
            command.image = PixelImage(width: width, height: height, pixels: data)
        default:
            throw Failure(reason: "format f=\(format) is not read here")
        }
        return command
    }

    /// A zlib stream inflated; it must come to exactly `size` bytes.
    private func inflate(_ bytes: [UInt8], size: Int) throws(Failure) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: size + 1)
        var length = uLong(out.count)
        let status = bytes.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                uncompress(dst.baseAddress, &length, src.baseAddress, uLong(src.count))
            }
        }
        guard status == Z_OK else { throw Failure(reason: "zlib stream does not inflate (\(status))") }
        guard Int(length) == size else { throw Failure(reason: "zlib stream inflates to \(length), not \(size) bytes") }
        return Array(out.prefix(size))
    }
}

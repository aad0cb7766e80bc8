/// One JSON object of plain values — strings, numbers, `true`, `false`, `null` — read without
/// `JSONDecoder`: the shape of every product a market's change stream carries (this market writes them with
/// `JSONText`, which escapes only what JSON must). Reading an edit's product through `Codable` was the largest part
/// of what an edit cost a browser (its generic machinery, not the bytes: docs/BENCHMARKS.md, twenty-first stop).
///
/// Nil for anything else — a nested object or array, a string with a control character or an escape of half a
/// surrogate pair, a repeated key, bytes that are not UTF-8, text after the object — and the caller leaves those to
/// `JSONDecoder`, which then decides: this reader only ever says less than it, never something else
/// (`FlatJSONObjectTests`).
struct FlatJSONObject {
    enum Value: Equatable {
        case string(String)
        /// A number as written (JSON's grammar checked).
        case number(String)
        case bool(Bool)
        case null
    }

    /// The members in order (a product has a dozen: a look-up walks them).
    private(set) var members: [(key: String, value: Value)] = []

    /// The value of `key`, or nil when it is absent.
    subscript(key: String) -> Value? {
        members.first { $0.key == key }?.value
    }

    init?(_ bytes: UnsafeRawBufferPointer) {
        var reader = Reader(bytes: bytes)
        reader.skipSpace()
        guard reader.take(UInt8(ascii: "{")) else { return nil }
        reader.skipSpace()
        if !reader.take(UInt8(ascii: "}")) {
            while true {
                reader.skipSpace()
                guard let key = reader.string() else { return nil }
                reader.skipSpace()
                guard reader.take(UInt8(ascii: ":")) else { return nil }
                reader.skipSpace()
                guard let value = reader.value(), !members.contains(where: { $0.key == key }) else { return nil }
                members.append((key, value))
                reader.skipSpace()
                if reader.take(UInt8(ascii: "}")) { break }
                guard reader.take(UInt8(ascii: ",")) else { return nil }
            }
        }
        reader.skipSpace()
        guard reader.atEnd else { return nil }
    }

    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var index = 0

        var atEnd: Bool { index == bytes.count }

        mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        mutating func skipSpace() {
            while index < bytes.count {
                let byte = bytes[index]
                guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
                index += 1
            }
        }

        /// A string of valid UTF-8 without control characters; its escapes (`\n`, `\"`, `\u00e9` …) taken as JSON
        /// says, but for `\u` of a surrogate (left to `JSONDecoder`, whose rules for halves of a pair decide).
        mutating func string() -> String? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = index
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    let text = String(validating: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                    index += 1
                    return text
                }
                if byte == UInt8(ascii: "\\") { return escaped(from: start) }
                guard byte >= 0x20 else { return nil }
                index += 1
            }
            return nil
        }

        /// The rest of a string that has an escape at `index`, its bytes before it from `start`.
        mutating func escaped(from start: Int) -> String? {
            var text = Array(UnsafeRawBufferPointer(rebasing: bytes[start..<index]))
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: "\"") { return String(validating: text, as: UTF8.self) }
                guard byte >= 0x20 else { return nil }
                guard byte == UInt8(ascii: "\\") else {
                    text.append(byte)
                    continue
                }
                guard index < bytes.count else { return nil }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escape)
                case UInt8(ascii: "b"): text.append(0x08)
                case UInt8(ascii: "f"): text.append(0x0C)
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "u"):
                    guard bytes.count - index >= 4, let value = UInt32(hex: UnsafeRawBufferPointer(rebasing: bytes[index..<index + 4])),
                        let scalar = Unicode.Scalar(value)
                    else { return nil }
                    index += 4
                    text.append(contentsOf: String(Character(scalar)).utf8)
                default:
                    return nil
                }
            }
            return nil
        }

        mutating func value() -> Value? {
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "\""): return string().map(Value.string)
            case UInt8(ascii: "t"): return word("true") ? .bool(true) : nil
            case UInt8(ascii: "f"): return word("false") ? .bool(false) : nil
            case UInt8(ascii: "n"): return word("null") ? .null : nil
            default: return number().map(Value.number)
            }
        }

        mutating func word(_ word: String) -> Bool {
            let start = index
            for byte in word.utf8 {
                guard take(byte) else {
                    index = start
                    return false
                }
            }
            return true
        }

        /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, as JSON writes a number.
        mutating func number() -> String? {
            let start = index
            _ = take(UInt8(ascii: "-"))
            if take(UInt8(ascii: "0")) {
                // No digit after a leading zero.
            } else if digits() == 0 {
                return nil
            }
            if take(UInt8(ascii: ".")), digits() == 0 { return nil }
            if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
                if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
                guard digits() > 0 else { return nil }
            }
            return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        }

        mutating func digits() -> Int {
            let start = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - start
        }
    }
}

extension UInt32 {
    /// Four hexadecimal digits (either case), as a `\u` escape has them.
    fileprivate init?(hex digits: UnsafeRawBufferPointer) {
        var value: UInt32 = 0
        for digit in digits {
            let nibble: UInt8
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = digit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = digit - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = digit - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(nibble)
        }
        self = value
    }
}

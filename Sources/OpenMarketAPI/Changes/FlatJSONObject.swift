/// One JSON object of plain values — strings without escapes, numbers, `true`, `false`, `null` — read without
/// `JSONDecoder`: the shape of every product a market's change stream carries (this market writes them with
/// `JSONText`, which escapes only what JSON must). Reading an edit's product through `Codable` was the largest part
/// of what an edit cost a browser (its generic machinery, not the bytes: docs/BENCHMARKS.md, twenty-first stop).
///
/// Nil for anything else — a nested object or array, a string with an escape or a control character, a repeated
/// key, bytes that are not UTF-8, text after the object — and the caller leaves those to `JSONDecoder`, which
/// then decides: this reader only ever says less than it, never something else (`FlatJSONObjectTests`).
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

        /// A string without escapes or control characters, of valid UTF-8.
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
                guard byte >= 0x20, byte != UInt8(ascii: "\\") else { return nil }
                index += 1
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

import Foundation
import Glibc

/// A product file's bytes as text: UTF-8 (a byte-order mark dropped), UTF-16 with its mark (a spreadsheet's
/// "Unicode text"), or — when the bytes are not UTF-8 — CP949, the encoding Excel saves Korean CSV in on a
/// Korean Windows, converted with the C library's iconv.
public struct ProductFileText: Sendable, Equatable {
    /// The text.
    public var text: String
    /// The encoding it was converted from, when not UTF-8 (said to the user).
    public var convertedFrom: String?

    /// The text of `bytes`, or nil when they are none of the encodings above.
    public static func decode(_ bytes: [UInt8]) -> ProductFileText? {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            return String(validating: bytes.dropFirst(3), as: UTF8.self).map { ProductFileText(text: $0) }
        }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            return converted(bytes, from: "UTF-16").map { ProductFileText(text: $0.hasPrefix("\u{FEFF}") ? String($0.dropFirst()) : $0, convertedFrom: "UTF-16") }
        }
        if let text = String(validating: bytes, as: UTF8.self) { return ProductFileText(text: text) }
        return converted(bytes, from: "CP949").map { ProductFileText(text: $0, convertedFrom: "CP949") }
    }

    /// `bytes` converted from `encoding` to UTF-8 by iconv; nil when any byte is not of that encoding.
    static func converted(_ bytes: [UInt8], from encoding: String) -> String? {
        let converter = iconv_open("UTF-8", encoding)
        guard converter != iconv_t(bitPattern: -1) else { return nil }
        defer { iconv_close(converter) }
        var input = bytes
        // UTF-8 of CP949 or UTF-16 is at most twice the bytes, plus a little.
        var output = [UInt8](repeating: 0, count: bytes.count * 2 + 16)
        var inputLeft = input.count
        var outputLeft = output.count
        let result = input.withUnsafeMutableBytes { inBytes in
            output.withUnsafeMutableBytes { outBytes in
                var inPointer = inBytes.baseAddress?.assumingMemoryBound(to: CChar.self)
                var outPointer = outBytes.baseAddress?.assumingMemoryBound(to: CChar.self)
                return iconv(converter, &inPointer, &inputLeft, &outPointer, &outputLeft)
            }
        }
        guard result != -1, inputLeft == 0 else { return nil }
        return String(validating: output.prefix(output.count - outputLeft), as: UTF8.self)
    }
}

extension ProductFileText {
    init(text: String) {
        self.init(text: text, convertedFrom: nil)
    }
}

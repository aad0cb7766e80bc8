import Foundation
import Testing

@testable import TerminalUI

@Suite("OSC 52: the clipboard through the terminal")
struct ClipboardTests {
    @Test("the text in base64 between ESC ] 52 ; c ; and ST: nothing of it can end the sequence; empty or too long is nil")
    func sequence() throws {
        let link = "http://127.0.0.1:8080/api/products/42"
        let bytes = try #require(Clipboard.sequence(for: link))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}]52;c;") && text.hasSuffix("\u{1B}\\"))
        let payload = text.dropFirst(7).dropLast(2)
        #expect(String(decoding: Data(base64Encoded: String(payload))!, as: UTF8.self) == link)
        let hostile = "a\u{1B}\\b\u{07}c\u{1B}]0;x"
        let wrapped = try #require(Clipboard.sequence(for: hostile))
        #expect(wrapped.filter { $0 == 0x1B }.count == 2 && !wrapped.contains(0x07), "the payload holds no ESC or BEL")
        #expect(Clipboard.sequence(for: "한글 상품 — ₩12,000").map { String(decoding: $0, as: UTF8.self).contains("7ZWc") } == true)
        #expect(Clipboard.sequence(for: "") == nil)
        #expect(Clipboard.sequence(for: String(repeating: "x", count: Clipboard.maximumBytes)) != nil)
        #expect(Clipboard.sequence(for: String(repeating: "x", count: Clipboard.maximumBytes + 1)) == nil)
    }
}

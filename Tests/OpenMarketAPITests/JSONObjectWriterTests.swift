import Foundation
import Testing

@testable import OpenMarketAPI

@Suite("JSONObjectWriter: request bodies with exact numbers")
struct JSONObjectWriterTests {
    @Test("keys in order, decimals exactly as written")
    func exactNumbers() throws {
        var writer = JSONObjectWriter()
        writer.add("name", "Mug")
        try writer.add("price", decimal("2.36"))
        try writer.add("big", decimal("12345555"))
        try writer.add("tiny", decimal("0.0015"))
        writer.add("stock", 3)
        #expect(writer.json == #"{"name":"Mug","price":2.36,"big":12345555,"tiny":0.0015,"stock":3}"#)
    }

    @Test("strings are escaped so that any JSON parser reads them back exactly")
    func escaping() throws {
        let nasty = "quote \" backslash \\ newline \n tab \t esc \u{1B} nul \u{0} del \u{7F} sep \u{2028} 한글 🍵"
        var writer = JSONObjectWriter()
        writer.add("text", nasty)
        let json = writer.json
        #expect(!json.unicodeScalars.contains { $0.value < 0x20 })
        let decoded = try JSONDecoder().decode([String: String].self, from: Data(json.utf8))
        #expect(decoded["text"] == nasty)
        #expect(json.contains("\\u001b"))
    }

    @Test("NaN cannot be sent")
    func notANumber() {
        var writer = JSONObjectWriter()
        #expect(throws: OpenMarketError.self) { try writer.add("price", Decimal.nan) }
    }

    @Test("an empty object")
    func empty() {
        #expect(JSONObjectWriter().json == "{}")
    }
}

import Foundation
import Mocks
import Testing

@testable import OpenMarketAPI

/// A change's product read as a plain JSON object, without `JSONDecoder`: the product `JSONDecoder` reads, or
/// nothing (then `JSONDecoder` decides) — never another one.
struct FlatJSONObjectTests {
    /// A product as a market writes it into its change stream (`JSONText`: only what JSON must is escaped).
    static let item = """
        {"id":9931,"vendor_id":3,"name":"프리미엄 운동화 9931","description":"A well-made thing. Ships in two days.",\
        "thumbnail":"http://127.0.0.1:8080/images/3/20261121/5f5b4f08_thumb.jpg","currency":"KRW","price":1927200,\
        "bargain_price":1676700,"discounted_price":250500,"stock":7,"created_at":"2026-11-21T20:33:14",\
        "issued_at":"2026-11-21T20:33:14.25","vendorName":"Seoul Crafts"}
        """

    static func flat(_ text: String) -> ProductSummary? {
        var text = text
        return text.withUTF8 { FlatJSONObject(UnsafeRawBufferPointer($0)).flatMap(ProductSummary.init(flat:)) }
    }

    static func decoded(_ text: String) -> ProductSummary? {
        try? JSONDecoder().decode(ProductSummary.self, from: Data(text.utf8))
    }

    @Test func readsAMarketsProduct() throws {
        let product = try #require(Self.flat(Self.item))
        #expect(product == Self.decoded(Self.item))
        #expect(product.name == "프리미엄 운동화 9931")
        #expect(product.price == Price(Decimal(1_927_200)))
        #expect(product.thumbnailURL?.absoluteString == "http://127.0.0.1:8080/images/3/20261121/5f5b4f08_thumb.jpg")
        #expect(product.vendorName == "Seoul Crafts")
    }

    @Test func readsEscapes() throws {
        let item = Self.item.replacingOccurrences(
            of: #""A well-made thing. Ships in two days.""#, with: #""Line one.\n\nA \"quoted\" \u00e9 \\ path\/x""#)
        let product = try #require(Self.flat(item))
        #expect(product.description == "Line one.\n\nA \"quoted\" é \\ path/x")
        #expect(product == Self.decoded(item))
    }

    @Test("what it leaves to JSONDecoder", arguments: [
        #"{"id":1,"name":"\ud83d\ude00"}"#,  // an escaped surrogate pair
        #"{"id":1,"name":"\x"}"#,  // no such escape
        #"{"id":1,"name":"\u12"}"#,  // a short one
        #"{"id":1,"id":2}"#,  // a key twice
        #"{"id":1,"images":[]}"#,  // an array
        #"{"id":1,"vendors":{"id":2}}"#,  // an object
        #"{"id":1} x"#,  // text after
        #"{"id":01}"#,  // a leading zero
        #"{"id":1,}"#,  // a trailing comma
        "{\"id\":1,\"name\":\"tab\there\"}",  // a control character
        #"[1]"#, "", " ",
    ])
    func declines(_ text: String) {
        var text = text
        #expect(text.withUTF8 { FlatJSONObject(UnsafeRawBufferPointer($0)) } == nil)
    }

    @Test func leavesNotUTF8ToJSONDecoder() {
        var bytes = Array(#"{"id":1,"name":"x"}"#.utf8)
        bytes[15] = 0xFF
        #expect(bytes.withUnsafeBytes { FlatJSONObject($0) } == nil)
    }

    /// Thousands of products changed a value or a key at a time (other numbers, types, escapes, nulls, keys
    /// missing or twice, spaces, cuts): wherever the plain reading gives a product, it is `JSONDecoder`'s; and
    /// it gives one for most of those that are plain.
    @Test func sameAsJSONDecoder() {
        var random = SystemRandomNumberGenerator()
        let seed = UInt64.random(in: 0..<1_000_000, using: &random)
        var generator = SplitMix(seed: seed)
        let values = [
            "0", "-0", "7", "-12", "1.5", "1.50", "0.001", "2426.66", "1e3", "1E-2", "-1.25e+2", "9223372036854775807",
            "9223372036854775808", "-9223372036854775808", "123456789012345678901234567890", "00", "1.", ".5", "+1", "-",
            "\"7\"", "\"\"", "\"KRW\"", "\"usd\"", "\"Ünïcode 한국어\"", "\"a\\\"b\"", "\"a\\u0041\"", "\"http://m.test/x.jpg\"",
            "\"line\\nbreak\\n\\nand more\"", "\"\\u00e9t\\u00C9 \\u0041\\t\\\\ \\/\\b\\f\\r\\u0000\"", "\"\\ud83d\\ude00\"", "\"\\x\"",
            "\"\\u12\"", "\"\\\"", "\"not a url\"", "\"2026-11-21T20:33:14\"", "\"2026-02-30T00:00:00\"", "\"2026-11-21 20:33:14.5\"", "null", "true",
            "false", "[]", "{}", "[1]", "{\"a\":1}",
        ]
        let keys = [
            "id", "vendor_id", "name", "description", "thumbnail", "currency", "price", "bargain_price", "discounted_price",
            "stock", "created_at", "issued_at", "vendorName", "other",
        ]
        var plain = 0
        var same = 0
        for _ in 0..<4_000 {
            var members = Self.members()
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let key = keys.randomElement(using: &generator)!
                switch Int.random(in: 0..<10, using: &generator) {
                case 0: members.removeAll { $0.0 == key }
                case 1: members.append((key, values.randomElement(using: &generator)!))
                default:
                    if let index = members.firstIndex(where: { $0.0 == key }) {
                        members[index].1 = values.randomElement(using: &generator)!
                    } else {
                        members.append((key, values.randomElement(using: &generator)!))
                    }
                }
            }
            let space = [" ", "", "\n", "\t "].randomElement(using: &generator)!
            var text = "{" + space + members.map { "\"\($0.0)\"" + space + ":" + space + $0.1 }.joined(separator: "," + space) + space + "}"
            if Int.random(in: 0..<20, using: &generator) == 0 { text = String(text.prefix(Int.random(in: 0..<text.count, using: &generator))) }
            let reference = Self.decoded(text)
            let fast = Self.flat(text)
            if let fast {
                plain += 1
                #expect(fast == reference, "seed \(seed): \(text)")
                if fast == reference { same += 1 }
            }
        }
        #expect(plain > 300, "seed \(seed): the plain reading read \(plain) of 4,000")
        #expect(same == plain)
    }

    static func members() -> [(String, String)] {
        [
            ("id", "9931"), ("vendor_id", "3"), ("name", "\"Lamp\""), ("description", "\"A lamp.\""),
            ("thumbnail", "\"http://m.test/images/1_thumb.jpg\""), ("currency", "\"KRW\""), ("price", "1927200"),
            ("bargain_price", "1676700"), ("discounted_price", "250500"), ("stock", "7"),
            ("created_at", "\"2026-11-21T20:33:14\""), ("issued_at", "\"2026-11-21T20:33:14\""), ("vendorName", "\"Seoul\""),
        ]
    }
}

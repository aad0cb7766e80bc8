import Foundation
import MarketCommands
import OpenMarketAPI
import Testing

/// What `products export` writes reads back as the same rows: CSV for spreadsheets (a byte-order mark once,
/// CRLF, values with commas, quotes and line breaks quoted) and JSON Lines (prices exact), a page at a time.
@Suite("Exporting products")
struct ProductExportTests {
    static let date = Date(timeIntervalSince1970: 1_700_000_000)
    static let tricky = ProductSummary(
        id: 7, vendorID: 1, name: "Mug, \"large\"", description: "서울에서 온 머그컵.\nTwo lines; and a comma, too.", currency: .usd,
        price: Price(Decimal(string: "12.25")!), bargainPrice: Price(Decimal(string: "11.75")!), discountedPrice: Price(Decimal(string: "0.5")!),
        stock: 3, createdAt: date, issuedAt: date)
    static let plain = ProductSummary(
        id: 8, vendorID: 1, name: "Cup", description: "A cup for tea.", currency: .krw, price: Price(9000), bargainPrice: Price(9000),
        discountedPrice: Price(0), stock: 0, createdAt: date, issuedAt: date)
    static let pictures = [URL(string: "http://m.example/images/1/a_origin.jpg")!, URL(string: "http://m.example/images/1/b_origin.png")!]

    static let expectedRows = [
        ProductFileRow(
            line: 2,
            values: [.id: "7", .name: "Mug, \"large\"", .description: "서울에서 온 머그컵.\nTwo lines; and a comma, too.", .price: "12.25", .discountedPrice: "0.5", .currency: "USD", .stock: "3"],
            pictures: ["http://m.example/images/1/a_origin.jpg", "http://m.example/images/1/b_origin.png"]),
        ProductFileRow(line: 4, values: [.id: "8", .name: "Cup", .description: "A cup for tea.", .price: "9000", .discountedPrice: "0", .currency: "KRW", .stock: "0"]),
    ]

    @Test("CSV in two pages: the mark and the header once, CRLF after every row; read back, the same values")
    func csv() throws {
        var export = ProductExport(format: .csv)
        let first = export.bytes(of: [(Self.tricky, Self.pictures)])
        let second = export.bytes(of: [(Self.plain, nil)])
        let text = String(decoding: first + second, as: UTF8.self)
        #expect(Array(first.prefix(3)) == [0xEF, 0xBB, 0xBF] && !second.starts(with: [0xEF, 0xBB, 0xBF]))
        #expect(String(decoding: second, as: UTF8.self) == "8,Cup,A cup for tea.,9000,0,KRW,0,\r\n")
        #expect(text.dropFirst().hasPrefix("id,name,description,price,discounted_price,currency,stock,pictures\r\n7,\"Mug, \"\"large\"\"\",\"서울에서 온 머그컵.\nTwo lines; and a comma, too.\",12.25,0.5,USD,3,"))
        let read = try ProductFileReader.read(first + second, format: .csv)
        #expect(read.rows == Self.expectedRows && read.problems.isEmpty)
    }

    @Test("JSON Lines: a line a product, prices as exact numbers, the pictures a list; read back, the same values")
    func jsonLines() throws {
        var export = ProductExport(format: .jsonl)
        let bytes = export.bytes(of: [(Self.tricky, Self.pictures)]) + export.bytes(of: [(Self.plain, nil)])
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[1] == #"{"currency":"KRW","description":"A cup for tea.","discounted_price":0,"id":8,"name":"Cup","price":9000,"stock":0}"#)
        #expect(lines[0].contains(#""price":12.25"#) && lines[0].contains(#""pictures":["http://m.example/images/1/a_origin.jpg","http://m.example/images/1/b_origin.png"]"#))
        let read = try ProductFileReader.read(bytes, format: .jsonl)
        var expected = Self.expectedRows
        expected[0].line = 1
        expected[1].line = 2
        #expect(read.rows == expected)
    }

    @Test("an empty export is the header alone")
    func empty() {
        var export = ProductExport(format: .csv)
        #expect(String(decoding: export.bytes(of: []), as: UTF8.self) == "\u{FEFF}id,name,description,price,discounted_price,currency,stock,pictures\r\n")
    }
}

import Foundation
import Localization
import MarketCommands
import Testing

/// A product file as `products import` reads it: spreadsheets' CSV (a byte-order mark, CRLF, quoted values
/// with separators, quotes and line breaks, `;` and tabs, Excel's Korean CP949, UTF-16) and JSON Lines (what
/// `products list --jsonl` writes reads back); each refusal with its line and column.
@Suite("Reading a product file")
struct ProductFileReaderTests {
    static func csv(_ text: String) throws -> ProductFile {
        try ProductFileReader.read(Array(text.utf8), format: .csv)
    }

    static func refusal(_ bytes: [UInt8], _ format: ProductFileFormat = .csv) -> ProductFileProblem? {
        do {
            _ = try ProductFileReader.read(bytes, format: format)
            return nil
        } catch {
            return error as? ProductFileProblem
        }
    }

    @Test("a spreadsheet's CSV: the mark dropped, CRLF, a quoted value with the separator, a quote and a line break; lines counted across it")
    func spreadsheet() throws {
        let text = "\u{FEFF}id,Name,Description,Price,Discounted Price,currency,stock,pictures\r\n"
            + "7,\"Mug, large\",\"Says \"\"hello\"\"\r\nand more.\",\"12,000\",500,KRW,4,a.png | b.png\r\n"
            + "\r\n"
            + ",Teapot  ,A teapot for two.,9000,,,3,\r\n"
        let file = try Self.csv(text)
        #expect(file.rows == [
            ProductFileRow(
                line: 2,
                values: [.id: "7", .name: "Mug, large", .description: "Says \"hello\"\nand more.", .price: "12,000", .discountedPrice: "500", .currency: "KRW", .stock: "4"],
                pictures: ["a.png", "b.png"]),
            ProductFileRow(line: 5, values: [.name: "Teapot", .description: "A teapot for two.", .price: "9000", .stock: "3"]),
        ])
        #expect(file.problems.isEmpty && file.convertedFrom == nil)
        #expect(file.columnNumbers == [.id: 1, .name: 2, .description: 3, .price: 4, .discountedPrice: 5, .currency: 6, .stock: 7, .pictures: 8])
    }

    @Test("the separator is the header's: `;` where the comma is a decimal point, a tab from a spreadsheet's text export")
    func separators() throws {
        // A spreadsheet whose decimal point is a comma: 12,5 is twelve and a half, not 125; 12,000 still groups.
        let semicolons = try Self.csv("name;price;discounted_price;stock\n\"Mug; blue\";12,5;0,25;3\nCup;12,000;;1\n")
        #expect(semicolons.rows == [
            ProductFileRow(line: 2, values: [.name: "Mug; blue", .price: "12.5", .discountedPrice: "0.25", .stock: "3"]),
            ProductFileRow(line: 3, values: [.name: "Cup", .price: "12,000", .stock: "1"]),
        ])
        let tabs = try Self.csv("name\tprice\nMug, blue\t12000\n")
        #expect(tabs.rows == [ProductFileRow(line: 2, values: [.name: "Mug, blue", .price: "12000"])])
    }

    @Test("Excel's Korean CSV (CP949) is converted and says so; UTF-16 with its mark too; bytes of neither are refused at their line")
    func encodings() throws {
        let text = "name,description\n서울 찻잔,서울에서 온 찻잔입니다.\n"
        let file = try ProductFileReader.read(cp949Bytes(text), format: .csv)
        #expect(file.convertedFrom == "CP949")
        #expect(file.rows == [ProductFileRow(line: 2, values: [.name: "서울 찻잔", .description: "서울에서 온 찻잔입니다."])])
        let utf16 = [UInt8]([0xFF, 0xFE]) + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let wide = try ProductFileReader.read(utf16, format: .csv)
        #expect(wide.convertedFrom == "UTF-16" && wide.rows == file.rows)
        // 0xFF is no byte of UTF-8, and no lead byte of CP949.
        let broken = Array("name\nMug\n".utf8) + [0x41, 0xFF, 0x0A]
        let refused = try #require(Self.refusal(broken))
        #expect(refused.line == 3 && refused.reason == .file(.notText) && refused.status == 65)
        #expect(refused.text(in: .english).hasPrefix("line 3: not UTF-8 text, nor a Korean spreadsheet's (CP949)"))
    }

    func cp949Bytes(_ text: String) -> [UInt8] {
        // 서울 찻잔,서울에서 온 찻잔입니다. in CP949, from Python's codec (`text.encode("cp949")`).
        let known: [String: [UInt8]] = [
            "서": [0xBC, 0xAD], "울": [0xBF, 0xEF], "찻": [0xC2, 0xFE], "잔": [0xC0, 0xDC], "에": [0xBF, 0xA1],
            "온": [0xBF, 0xC2], "입": [0xC0, 0xD4], "니": [0xB4, 0xCF], "다": [0xB4, 0xD9],
        ]
        return text.flatMap { character in known[String(character)] ?? Array(String(character).utf8) }
    }

    @Test("the header: an unknown column named with its number and the columns there are, one named twice, neither id nor name, none at all")
    func header() throws {
        let unknown = try #require(Self.refusal(Array("name,prize\nMug,1\n".utf8)))
        #expect(unknown.text(in: .english) == "line 1, column 2 (prize): unknown column “prize”; the columns are id, name, description, price, discounted_price, currency, stock, pictures")
        #expect(unknown.text(in: .korean) == "1행 2열(prize): 모르는 열 “prize”. 열은 id, name, description, price, discounted_price, currency, stock, pictures입니다")
        let twice = try #require(Self.refusal(Array("name,Name\n".utf8)))
        #expect(twice.text(in: .english) == "line 1, column 2 (Name): the column “Name” is named twice")
        let keyless = try #require(Self.refusal(Array("price,stock\n1,2\n".utf8)))
        #expect(keyless.text(in: .english) == "line 1: neither an id nor a name column: a row must say which product it is")
        #expect(Self.refusal([])?.reason == .file(.noHeader))
        // A spreadsheet's trailing separator: a column without a name, read past.
        #expect(try Self.csv("name,price,\nMug,1,\n").rows == [ProductFileRow(line: 2, values: [.name: "Mug", .price: "1"])])
    }

    @Test("a row with fewer values than the header is refused at its line; the others are read")
    func missingValues() throws {
        let file = try Self.csv("name,description,price\nMug,A mug for tea.,1\nTeapot,short\n")
        #expect(file.rows.map(\.line) == [2])
        #expect(file.problems.map { $0.text(in: .english) } == ["line 3: 2 values where the header names 3 columns"])
    }

    @Test("too many rows and too many bytes are refused as a whole, at the row past the limit and before reading")
    func limits() throws {
        let rows = (0...ProductFileReader.maxRows).map { "Mug \($0)" }.joined(separator: "\n")
        let many = try #require(Self.refusal(Array(("name\n" + rows).utf8)))
        #expect(many.line == ProductFileReader.maxRows + 2 && many.reason == .file(.tooManyRows(most: 10_000)))
        let huge = try #require(Self.refusal([UInt8](repeating: 0x41, count: ProductFileReader.maxBytes + 1)))
        #expect(huge.line == nil && huge.text(in: .english) == "the file is 32 MB; an import reads at most 32 MB (about 10,000 products): split it")
    }

    @Test("JSON Lines: what products list --jsonl writes reads back (its computed keys read past, images as pictures, prices exact); a line that is no object, an unknown key, a value of the wrong kind")
    func jsonLines() throws {
        let listed = #"{"bargain_price":11500,"created_at":"2026-11-28T00:00:00Z","currency":"KRW","description":"A mug.\nTwo lines.","discounted_price":500,"id":7,"images":[{"id":1,"thumbnail_url":"http://m/t.jpg","url":"http://m/a.jpg"}],"issued_at":"2026-11-28T00:00:00Z","name":"Mug","price":12000.25,"stock":4,"thumbnail":"http://m/t.jpg","vendor_id":1,"vendor_name":"demo"}"#
        let text = listed + "\r\n\n" + #"{"name":"Teapot","pictures":["a.png","b.png"],"price":"9000","stock":null}"# + "\n"
            + "[1,2]\n" + #"{"name":"Cup","colour":"red"}"# + "\n" + #"{"name":"Cup","price":true}"# + "\n"
        let file = try ProductFileReader.read(Array(text.utf8), format: .jsonl)
        #expect(file.rows == [
            ProductFileRow(
                line: 1,
                values: [.id: "7", .name: "Mug", .description: "A mug.\nTwo lines.", .price: "12000.25", .discountedPrice: "500", .currency: "KRW", .stock: "4"],
                pictures: ["http://m/a.jpg"]),
            ProductFileRow(line: 3, values: [.name: "Teapot", .price: "9000"], pictures: ["a.png", "b.png"]),
        ])
        #expect(file.problems.map { $0.text(in: .english) } == [
            "line 4: not one JSON object",
            "line 5, \"colour\": unknown column “colour”; the columns are id, name, description, price, discounted_price, currency, stock, pictures",
            "line 6, \"price\": “price” must be text or a number",
        ])
    }

    @Test("the format by the file's name")
    func format() {
        #expect(ProductFileFormat(path: "shop.CSV") == .csv && ProductFileFormat(path: "shop.txt") == .csv)
        #expect(ProductFileFormat(path: "shop.jsonl") == .jsonl && ProductFileFormat(path: "a.ndjson") == .jsonl && ProductFileFormat(path: "a.json") == .jsonl)
    }

    @Test("lines done and not done said as ranges over the rows, a multi-line row joining its neighbours")
    func ranges() {
        #expect(LineRanges.text([2, 3, 5, 9], among: [2, 3, 5, 7, 9]) == "2–5, 9")
        #expect(LineRanges.text([], among: [2, 3]) == "—")
        #expect(LineRanges.text([4], among: [2, 4]) == "4")
    }
}

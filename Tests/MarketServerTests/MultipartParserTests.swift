import Foundation
import Mocks
import Testing

@testable import MarketServer

@Suite("Multipart parsing")
struct MultipartParserTests {
    @Test("parts, names, quoted file names and content types come out exactly")
    func parses() throws {
        var builder = MultipartBuilder(boundary: "XyZ")
        builder.text("params", "{\"a\":1}", contentType: "application/json")
        builder.file("images", filename: "my \\\"pic\\\".jpg", bytes: [1, 2, 13, 10, 45, 45, 3])
        builder.close()
        let parts = try MultipartParser(boundary: "XyZ").parse(builder.body)
        #expect(parts.count == 2)
        #expect(parts[0].name == "params")
        #expect(parts[0].contentType == "application/json")
        #expect(Array(parts[0].body) == Array("{\"a\":1}".utf8))
        #expect(parts[1].filename == "my \"pic\".jpg")
        #expect(Array(parts[1].body) == [1, 2, 13, 10, 45, 45, 3], "CRLF and -- inside content are content")
    }

    @Test("the boundary is read from Content-Type, quoted or not")
    func boundary() throws {
        #expect(try MultipartParser.boundary(fromContentType: "multipart/form-data; boundary=abc") == "abc")
        #expect(try MultipartParser.boundary(fromContentType: "Multipart/Form-Data;boundary=\"a b\"") == "a b")
        #expect(throws: APIError.self) { try MultipartParser.boundary(fromContentType: "multipart/form-data") }
        #expect(throws: APIError.self) { try MultipartParser.boundary(fromContentType: "text/plain; boundary=x") }
        #expect(throws: APIError.self) { try MultipartParser.boundary(fromContentType: nil) }
    }

    @Test(
        "malformed bodies are refused with a reason",
        arguments: [
            ("", "does not contain"),
            ("--B\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nvalue", "truncated"),
            ("--B\r\nContent-Disposition: form-data; name=\"a\"", "headers are truncated"),
            ("--B\r\nContent-Disposition: form-data\r\n\r\nx\r\n--B--", "name"),
            ("--B\r\nno colon here\r\n\r\nx\r\n--B--", "malformed header"),
            ("--Bjunk", "malformed"),
        ])
    func malformed(body: String, reason: String) {
        #expect {
            try MultipartParser(boundary: "B").parse(Array(body.utf8))
        } throws: { error in
            (error as? APIError)?.message.contains(reason) == true && (error as? APIError)?.status == .badRequest
        }
    }

    @Test("more than 16 parts is refused")
    func tooManyParts() {
        var builder = MultipartBuilder(boundary: "B")
        for i in 0..<17 { builder.text("p\(i)", "x") }
        builder.close()
        #expect(throws: APIError.self) { try MultipartParser(boundary: "B").parse(builder.body) }
    }
}

@Suite("JSON writing")
struct JSONTextTests {
    @Test("strings are escaped: quotes, backslashes, control characters, line separators")
    func escapes() {
        var json = JSONText()
        json.string("a\"b\\c\nd\u{1B}[31m\u{7F}\u{2028}한")
        #expect(json.text == #""a\"b\\c\nd\u001b[31m\u007f\u2028한""#)
    }

    @Test("numbers: exact decimal digits, integers without fraction, no exponent")
    func numbers() throws {
        func decimal(_ text: String) throws -> Decimal { try #require(ExactDecimal.parse(text)) }
        #expect(JSONText.number(12000) == "12000")
        #expect(JSONText.number(try decimal("2.36")) == "2.36")
        #expect(JSONText.number(try decimal("0.1") + decimal("0.2")) == "0.3")
        #expect(JSONText.number(try decimal("0.3") - decimal("0.1")) == "0.2")
        #expect(JSONText.number(try decimal("19.990")) == "19.99")
        #expect(JSONText.number(try decimal("1.2345555E7")) == "12345555")
        #expect(JSONText.number(try decimal("1e20")) == "100000000000000000000")
        #expect(JSONText.number(.nan) == "0")
    }

    @Test("exact decimals: parsing refuses what is not a number; whole numbers of at most 15 digits")
    func exactDecimals() {
        #expect(ExactDecimal.parse("12000.0") == 12000)
        #expect(ExactDecimal.parse("1e+16") == Decimal(string: "10000000000000000"))
        for bad in ["", "abc", "1.5x", "1,5", "NaN", " 1"] { #expect(ExactDecimal.parse(bad) == nil, "\(bad)") }
        #expect(ExactDecimal.integer(42) == 42)
        #expect(ExactDecimal.integer(Decimal(string: "1.5")!) == nil)
        #expect(ExactDecimal.integer(Decimal(string: "999999999999999")!) == 999_999_999_999_999)
        #expect(ExactDecimal.integer(Decimal(string: "1000000000000000")!) == nil)
    }

    @Test("error bodies have code and message")
    func errorBody() {
        #expect(JSONText.errorBody(code: 400, message: "name \"x\"") == #"{"code":400,"message":"name \"x\""}"#)
    }
}

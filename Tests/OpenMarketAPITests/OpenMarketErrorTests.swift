import Foundation
import Mocks
import Testing

@testable import OpenMarketAPI

@Suite("OpenMarketError: kinds, accessors and the sentence a user sees")
struct OpenMarketErrorTests {
    @Test("each kind answers only its own questions")
    func accessors() {
        let transport = OpenMarketError.transport(endpoint: "127.0.0.1:8080", reason: "connection refused")
        #expect(transport.isTransport && !transport.isTimeout && !transport.isCancelled && transport.status == nil)
        let timeout = OpenMarketError.timeout(after: .seconds(15))
        #expect(timeout.isTimeout && !timeout.isTransport && timeout.keyPath == nil)
        #expect(OpenMarketError.cancelled.isCancelled && !OpenMarketError.cancelled.isTimeout)
        let status = OpenMarketError.httpStatus(403, message: "secret is wrong for this vendor")
        #expect(status.status == 403 && status.serverMessage == "secret is wrong for this vendor")
        #expect(!status.isTransport && status.keyPath == nil)
        let decoding = OpenMarketError.decoding(keyPath: "pages[3].price", reason: "expected a number")
        #expect(decoding.isDecoding && decoding.keyPath == "pages[3].price" && decoding.status == nil)
        #expect(OpenMarketError.responseTooLarge(limit: 16 << 20).isResponseTooLarge)
        let invalid = OpenMarketError.invalidRequest("bad path")
        #expect(invalid.isInvalidRequest && !invalid.isTransport && invalid.serverMessage == nil)
    }

    @Test("equality compares kind and details")
    func equality() {
        #expect(OpenMarketError.httpStatus(404) == .httpStatus(404, message: nil))
        #expect(OpenMarketError.httpStatus(404) != .httpStatus(500))
        #expect(OpenMarketError.httpStatus(404, message: "a") != .httpStatus(404, message: "b"))
        #expect(OpenMarketError.timeout(after: .seconds(1)) != .cancelled)
        #expect(OpenMarketError.decoding(keyPath: "", reason: "x") == .decoding(keyPath: nil, reason: "x"))
    }

    @Test(
        "user messages are one plain sentence",
        arguments: [
            (
                OpenMarketError.transport(endpoint: "127.0.0.1:8080", reason: "connection refused"),
                "Could not reach the server at 127.0.0.1:8080 (connection refused)."
            ),
            (.timeout(after: .seconds(15)), "The server did not answer within 15 seconds."),
            (.timeout(after: .seconds(1)), "The server did not answer within 1 second."),
            (.timeout(after: .milliseconds(500)), "The server did not answer within 0.5 seconds."),
            (.cancelled, "The request was cancelled."),
            (
                .httpStatus(403, message: "secret is wrong for this vendor"),
                "The server refused: secret is wrong for this vendor (403)."
            ),
            (.httpStatus(500, message: "database is locked."), "The server failed: database is locked (500)."),
            (.httpStatus(500), "The server answered with status 500 (Internal Server Error)."),
            (.httpStatus(418), "The server answered with status 418."),
            (
                .decoding(keyPath: "pages[3].price", reason: "expected a number"),
                "The server sent data this app cannot read (pages[3].price: expected a number)."
            ),
            (
                .decoding(keyPath: nil, reason: "expected JSON, got an HTML page"),
                "The server sent data this app cannot read (expected JSON, got an HTML page)."
            ),
            (.responseTooLarge(limit: 16 << 20), "The server's answer is larger than the 16 MB this app accepts."),
            (.responseTooLarge(limit: 300 << 10), "The server's answer is larger than the 300 KB this app accepts."),
            (.invalidRequest("the path must start with /"), "This request cannot be sent: the path must start with /."),
        ])
    func userMessages(error: OpenMarketError, expected: String) {
        #expect(error.userMessage == expected)
    }

    @Test("text from the server cannot carry control characters into the terminal")
    func sanitisedMessage() {
        let error = OpenMarketError.httpStatus(400, message: "bad \u{1B}[2Jname\nnow")
        #expect(error.userMessage == "The server refused: bad ␛[2Jname␊now (400).")
        #expect(error.serverMessage == "bad \u{1B}[2Jname\nnow")
        let long = OpenMarketError.httpStatus(400, message: String(repeating: "x", count: 500))
        #expect(long.userMessage.count < 260)
    }

    @Test("description names the kind, for logs")
    func description() {
        #expect("\(OpenMarketError.httpStatus(404, message: "gone"))" == "OpenMarketError.httpStatus(404: gone)")
        #expect("\(OpenMarketError.cancelled)" == "OpenMarketError.cancelled")
    }

    // MARK: From DecodingError

    private func decodingError<Model: Decodable>(_ type: Model.Type, _ body: [UInt8]) -> OpenMarketError? {
        do {
            _ = try ResponseDecoder.decode(type, from: body)
            return nil
        } catch {
            return error
        }
    }

    @Test("a wrong type names its key path: pages[3].price")
    func wrongType() throws {
        let error = try #require(decodingError(ProductPage.self, try APIFixtures.bytes(.pageWrongType)))
        #expect(error.keyPath == "pages[3].price")
        #expect(
            error.userMessage.hasPrefix("The server sent data this app cannot read (pages[3].price: expected a number"))
    }

    @Test("a missing required key names the key: pages[1].name")
    func missingKey() throws {
        let error = try #require(decodingError(ProductPage.self, try APIFixtures.bytes(.pageMissingName)))
        #expect(error.keyPath == "pages[1].name")
        #expect(error.userMessage == "The server sent data this app cannot read (pages[1].name: missing).")
    }

    @Test("an unreadable date names its key and shows the text")
    func badDate() throws {
        let error = try #require(decodingError(ProductPage.self, try APIFixtures.bytes(.pageBadDate)))
        #expect(error.keyPath == "pages[0].created_at")
        #expect(error.userMessage.contains("not a date: \"2022/11/15 00:00\""))
    }

    @Test("null where a value belongs")
    func null() throws {
        let json = #"{"id":1,"name":"x"}"#
        let error = try #require(
            decodingError(VendorInfo.self, Array(json.replacingOccurrences(of: "\"x\"", with: "null").utf8)))
        #expect(error.keyPath == "name")
        #expect(error.userMessage.contains("found null"))
    }

    @Test("truncated JSON, an HTML page, an empty body and a bare string are decoding errors, not crashes")
    func notJSON() throws {
        var camel = try APIFixtures.bytes(.pageCamel)
        while camel.last == 0x0A { camel.removeLast() }
        for length in [1, 10, camel.count / 2, camel.count - 1] {
            let error = try #require(decodingError(ProductPage.self, Array(camel.prefix(length))), "length \(length)")
            #expect(error.isDecoding)
            #expect(error.keyPath == nil)
        }
        let html = try #require(decodingError(ProductPage.self, try APIFixtures.bytes(.notJSON)))
        #expect(html.userMessage == "The server sent data this app cannot read (expected JSON, got an HTML page).")
        let empty = try #require(decodingError(ProductDetail.self, []))
        #expect(empty.userMessage == "The server sent data this app cannot read (the answer is empty).")
        let string = try #require(decodingError(ProductDetail.self, Array("\"OK\"".utf8)))
        #expect(string.isDecoding && string.keyPath == nil)
        #expect(string.userMessage.contains("expected an object"))
    }

    @Test("key paths: indexes in brackets, names joined by dots")
    func keyPaths() {
        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int?
            init(stringValue: String) { self.stringValue = stringValue }
            init(intValue: Int) {
                stringValue = "Index \(intValue)"
                self.intValue = intValue
            }
        }
        let path: [any CodingKey] = [Key(stringValue: "pages"), Key(intValue: 3), Key(stringValue: "price")]
        #expect(OpenMarketError.keyPath(path) == "pages[3].price")
        #expect(OpenMarketError.keyPath([Key(intValue: 0), Key(stringValue: "id")]) == "[0].id")
        #expect(OpenMarketError.keyPath([]) == "")
    }
}

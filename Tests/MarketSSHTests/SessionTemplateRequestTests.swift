import Testing

@testable import MarketSSH

@Suite("What the front asks its session template for, on the wire")
struct SessionTemplateRequestTests {
    let request = SessionTemplateRequest(
        arguments: ["browse", "--server", "http://127.0.0.1:8080", "--product", "7"],
        environment: ["TERM": "xterm-256color", "LANG": "ko_KR.UTF-8", "EMPTY": "", "WITH_EQUALS": "a=b=c"], inheritedAs: 3)

    @Test("a request reads back as it was written, its variables in name order")
    func roundTrip() throws {
        let bytes = try #require(request.encoded)
        #expect(SessionTemplateRequest(decoding: bytes) == request)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(
            text == "openmarket-template-1\u{0}5\u{0}browse\u{0}--server\u{0}http://127.0.0.1:8080\u{0}--product\u{0}7\u{0}"
                + "4\u{0}EMPTY=\u{0}LANG=ko_KR.UTF-8\u{0}TERM=xterm-256color\u{0}WITH_EQUALS=a=b=c\u{0}3\u{0}")
        let bare = SessionTemplateRequest(arguments: [], environment: [:], inheritedAs: nil)
        #expect(bare.encoded.map { String(decoding: $0, as: UTF8.self) } == "openmarket-template-1\u{0}0\u{0}0\u{0}-1\u{0}")
        #expect(SessionTemplateRequest(decoding: try #require(bare.encoded)) == bare)
    }

    @Test("what cannot travel is not written: a NUL in a field, a variable's name empty or with =, too many fields, too many bytes")
    func unwritable() {
        #expect(SessionTemplateRequest(arguments: ["a\u{0}b"], environment: [:], inheritedAs: nil).encoded == nil)
        #expect(SessionTemplateRequest(arguments: [], environment: ["A": "x\u{0}y"], inheritedAs: nil).encoded == nil)
        #expect(SessionTemplateRequest(arguments: [], environment: ["": "x"], inheritedAs: nil).encoded == nil)
        #expect(SessionTemplateRequest(arguments: [], environment: ["A=B": "x"], inheritedAs: nil).encoded == nil)
        #expect(SessionTemplateRequest(arguments: Array(repeating: "x", count: 257), environment: [:], inheritedAs: nil).encoded == nil)
        #expect(SessionTemplateRequest(arguments: [String(repeating: "x", count: 70_000)], environment: [:], inheritedAs: nil).encoded == nil)
        #expect(SessionTemplateRequest(arguments: Array(repeating: "x", count: 256), environment: [:], inheritedAs: nil).encoded != nil)
    }

    @Test("the template reads nothing of another shape", arguments: [
        "",  // nothing
        "openmarket-template-1\u{0}0\u{0}0\u{0}-1",  // the last NUL missing
        "openmarket-template-2\u{0}0\u{0}0\u{0}-1\u{0}",  // another version
        "openmarket-template-1\u{0}2\u{0}browse\u{0}0\u{0}-1\u{0}",  // fewer arguments than counted
        "openmarket-template-1\u{0}x\u{0}0\u{0}-1\u{0}",  // a count that is no number
        "openmarket-template-1\u{0}-1\u{0}0\u{0}-1\u{0}",  // a negative count
        "openmarket-template-1\u{0}257\u{0}0\u{0}-1\u{0}",  // over the most fields
        "openmarket-template-1\u{0}0\u{0}1\u{0}NOEQUALS\u{0}-1\u{0}",  // a variable without =
        "openmarket-template-1\u{0}0\u{0}1\u{0}=value\u{0}-1\u{0}",  // a variable without a name
        "openmarket-template-1\u{0}0\u{0}2\u{0}A=1\u{0}A=2\u{0}-1\u{0}",  // a variable twice
        "openmarket-template-1\u{0}0\u{0}0\u{0}2\u{0}",  // the inherited descriptor over a standard one
        "openmarket-template-1\u{0}0\u{0}0\u{0}1024\u{0}",  // or past what a browser may hold
        "openmarket-template-1\u{0}0\u{0}0\u{0}3\u{0}extra\u{0}",  // a field after the last
        "openmarket-template-1\u{0}0\u{0}0\u{0}\u{0}",  // the descriptor's field empty
    ])
    func refused(text: String) {
        #expect(SessionTemplateRequest(decoding: Array(text.utf8)) == nil)
    }

    @Test("a message over the most bytes is refused before it is read")
    func tooLarge() {
        var bytes = Array("openmarket-template-1\u{0}1\u{0}".utf8) + Array(repeating: UInt8(ascii: "x"), count: SessionTemplateRequest.mostBytes)
        bytes += Array("\u{0}0\u{0}-1\u{0}".utf8)
        #expect(SessionTemplateRequest(decoding: bytes) == nil)
    }
}

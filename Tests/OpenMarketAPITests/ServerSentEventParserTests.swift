import OpenMarketAPI
import Testing

/// The event-stream format as the WHATWG standard reads it, and its bounds.
@Suite("Reading Server-Sent Events")
struct ServerSentEventParserTests {
    func events(_ chunks: [String], parser: inout ServerSentEventParser) throws -> [ServerSentEvent] {
        try chunks.flatMap { try parser.feed(Array($0.utf8)) }
    }

    @Test("fields, comments, joined data lines, every line ending, the default type; an id stays until changed")
    func standard() throws {
        var parser = ServerSentEventParser()
        let read = try events([": a comment\n", "retry: 2500\n\n", "id: 7-1\nevent: edited\ndata: {\"id\":1}\n\n",
            "data:first\r\ndata:  second\r\rdata\n\n", "event: deleted\ndata: x\nid: 7-2\n\n", "data: no id line\n\n"], parser: &parser)
        #expect(read == [
            ServerSentEvent(type: "edited", data: "{\"id\":1}", lastEventID: "7-1"),
            ServerSentEvent(type: "message", data: "first\n second", lastEventID: "7-1"),
            ServerSentEvent(type: "message", data: "", lastEventID: "7-1"),
            ServerSentEvent(type: "deleted", data: "x", lastEventID: "7-2"),
            ServerSentEvent(type: "message", data: "no id line", lastEventID: "7-2"),
        ])
        #expect(parser.retryMilliseconds == 2500)
        #expect(parser.lastEventID == "7-2")
    }

    @Test("chunks cut anywhere — inside a line, a CRLF, a Korean letter — read the same as whole")
    func chunks() throws {
        let text = "id: 1-1\r\nevent: edited\r\ndata: {\"name\":\"제주 머그컵\"}\r\n\r\n"
        var whole = ServerSentEventParser()
        let expected = try events([text], parser: &whole)
        #expect(expected == [ServerSentEvent(type: "edited", data: "{\"name\":\"제주 머그컵\"}", lastEventID: "1-1")])
        let bytes = Array(text.utf8)
        for cut in 1..<bytes.count {
            var parser = ServerSentEventParser()
            let read = try parser.feed(bytes[..<cut]) + parser.feed(bytes[cut...])
            #expect(read == expected, "cut at \(cut)")
        }
    }

    @Test("an event cut off before its blank line is not had: the id to resume from stays the last whole event's")
    func cutEvent() throws {
        var parser = ServerSentEventParser()
        let read = try events(["id: 7-1\nevent: edited\ndata: {\"id\":1}\n\n", "id: 7-2\nevent: edited\nda"], parser: &parser)
        #expect(read == [ServerSentEvent(type: "edited", data: "{\"id\":1}", lastEventID: "7-1")])
        #expect(parser.lastEventID == "7-1")
        #expect(try parser.feed(Array("ta: {}\n\n".utf8)) == [ServerSentEvent(type: "edited", data: "{}", lastEventID: "7-2")])
        #expect(parser.lastEventID == "7-2")
    }

    @Test("a byte-order mark at the start is dropped; an id with a NUL is ignored; an event without data is not dispatched; unknown fields and a bad retry are ignored")
    func oddities() throws {
        var parser = ServerSentEventParser()
        let read = try events(["\u{FEFF}id: 1-1\n", "event: x\n\n", "id: 2\u{0}2\nretry: 12a\nfoo: bar\ndata: y\n\n"], parser: &parser)
        #expect(read == [ServerSentEvent(type: "message", data: "y", lastEventID: "1-1")])
        #expect(parser.retryMilliseconds == nil)
    }

    @Test("a line that never ends, or an event too large, is an error, not memory")
    func bounds() throws {
        var parser = ServerSentEventParser(longestLine: 100, largestEvent: 150)
        #expect(throws: ServerSentEventParser.Failure.lineTooLong(limit: 100)) {
            _ = try parser.feed(Array(repeating: UInt8(ascii: "a"), count: 101))
        }
        var large = ServerSentEventParser(longestLine: 100, largestEvent: 150)
        #expect(throws: ServerSentEventParser.Failure.eventTooLarge(limit: 150)) {
            _ = try large.feed(Array(String(repeating: "data: \(String(repeating: "b", count: 60))\n", count: 3).utf8))
        }
    }

    @Test("the market's events read as changes; an unknown kind or unreadable data is skipped")
    func changes() throws {
        let product = #"{"id":3,"vendor_id":1,"name":"Mug","thumbnail":"","currency":"KRW","price":1200,"bargain_price":1200,"discounted_price":0,"stock":2,"created_at":"2026-11-22T22:23:01","issued_at":"2026-11-28T08:23:08"}"#
        guard case .edited(let edited)? = MarketChange(ServerSentEvent(type: "edited", data: product, lastEventID: nil)) else {
            Issue.record("not an edit")
            return
        }
        #expect(edited.id == 3 && edited.price.amount == 1200 && edited.stock == 2)
        #expect(MarketChange(ServerSentEvent(type: "deleted", data: #"{"id":4}"#, lastEventID: nil)) == .deleted(id: 4))
        #expect(MarketChange(ServerSentEvent(type: "here", data: #"{"browsing":12}"#, lastEventID: nil)) == .here(browsing: 12))
        #expect(MarketChange(ServerSentEvent(type: "reset", data: #"{"reason":"gap"}"#, lastEventID: nil)) == .reset(reason: "gap"))
        #expect(MarketChange(ServerSentEvent(type: "reset", data: "??", lastEventID: nil)) == .reset(reason: ""), "a reset is a reset, reason or not")
        #expect(MarketChange(ServerSentEvent(type: "sold", data: "{}", lastEventID: nil)) == nil)
        #expect(MarketChange(ServerSentEvent(type: "edited", data: #"{"id":"x"}"#, lastEventID: nil)) == nil)
        #expect(MarketChange(ServerSentEvent(type: "here", data: #"{"browsing":-1}"#, lastEventID: nil)) == nil)
    }
}

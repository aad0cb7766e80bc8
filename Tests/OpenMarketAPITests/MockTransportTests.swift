import Foundation
import Mocks
import OpenMarketAPI
import Testing

@Suite("MockTransport: replies in order, loud on the unexpected")
struct MockTransportTests {
    private func get(_ path: String) -> TransportRequest {
        TransportRequest(method: "GET", url: URL(string: "http://h\(path)")!)
    }

    @Test("replies for a route come in the order they were queued, once each")
    func order() async throws {
        let mock = MockTransport()
        mock.enqueue("GET", "/a", .text("one"))
        mock.enqueue("GET", "/a", .text("two"))
        mock.enqueue("GET", "/b", .text("bee"))
        #expect(mock.unusedReplies == ["GET /a", "GET /a", "GET /b"])
        #expect(try await mock.send(get("/a?x=1")).body == Array("one".utf8))
        #expect(try await mock.send(get("/a")).body == Array("two".utf8))
        #expect(mock.unusedReplies == ["GET /b"])
        #expect(mock.requests.map(\.url.query) == ["x=1", nil])
    }

    @Test("an unexpected request is recorded and fails with an error naming it")
    func unexpected() async throws {
        let mock = MockTransport()
        mock.enqueue("GET", "/a", .text("one"))
        _ = try await mock.send(get("/a"))
        await #expect {
            try await mock.send(get("/a"))
        } throws: { error in
            (error as? OpenMarketError)?.userMessage.contains("unexpected request GET /a") == true
        }
        await #expect(throws: OpenMarketError.self) {
            try await mock.send(TransportRequest(method: "DELETE", url: URL(string: "http://h/a")!))
        }
        #expect(mock.unexpectedRequests == ["GET /a", "DELETE /a"])
        #expect(mock.requests.count == 3)
    }

    @Test("a stub answers every request once the queue for its route is used up")
    func stub() async throws {
        let mock = MockTransport()
        mock.enqueue("GET", "/t", .text("first"))
        mock.stub("GET", "/t", .text("always"))
        var bodies: [String] = []
        for _ in 0..<3 { bodies.append(String(decoding: try await mock.send(get("/t")).body, as: UTF8.self)) }
        #expect(bodies == ["first", "always", "always"])
        #expect(mock.unexpectedRequests.isEmpty)
        await #expect(throws: OpenMarketError.self) { try await mock.send(get("/other")) }
    }

    @Test("failure replies are thrown as given")
    func failures() async throws {
        let mock = MockTransport()
        mock.enqueue("GET", "/a", .failure(.transport(endpoint: "h:80", reason: "connection reset")))
        await #expect(throws: OpenMarketError.transport(endpoint: "h:80", reason: "connection reset")) {
            try await mock.send(get("/a"))
        }
    }
}

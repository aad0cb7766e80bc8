import Foundation
import OpenMarketAPI
import Testing

@Suite("TransportRequest and TransportResponse: headers and endpoints")
struct TransportRequestTests {
    @Test("header lookup ignores letter case and returns the first match")
    func headers() {
        let request = TransportRequest(
            method: "GET", url: URL(string: "http://h")!,
            headers: [HTTPHeader("Content-Type", "a"), HTTPHeader("content-type", "b"), HTTPHeader("X", "1")])
        #expect(request.header("CONTENT-TYPE") == "a")
        #expect(request.header("x") == "1")
        #expect(request.header("missing") == nil)
        let response = TransportResponse(status: 204, headers: [HTTPHeader("ETag", "e")])
        #expect(response.header("etag") == "e")
        #expect(response.isSuccess)
        #expect(!TransportResponse(status: 300).isSuccess)
        #expect(!TransportResponse(status: 199).isSuccess)
    }

    @Test("the endpoint names host and port, with the scheme's default port")
    func endpoint() {
        #expect(
            TransportRequest(method: "GET", url: URL(string: "http://127.0.0.1:8080/x")!).endpoint == "127.0.0.1:8080")
        #expect(TransportRequest(method: "GET", url: URL(string: "http://example.com/x")!).endpoint == "example.com:80")
        #expect(
            TransportRequest(method: "GET", url: URL(string: "https://example.com/x")!).endpoint == "example.com:443")
    }

    @Test("defaults: 15 seconds, 8 MB, no body, no progress")
    func defaults() {
        let request = TransportRequest(method: "GET", url: URL(string: "http://h")!)
        #expect(request.timeout == .seconds(15))
        #expect(request.maxResponseBytes == 8 << 20)
        #expect(request.body == nil)
        #expect(request.uploadProgress == nil)
    }
}

import AsyncHTTPClient
import Foundation
import Mocks
import NIOCore
import NIOFoundationCompat
import NIOHTTP1

/// A tiny HTTP client for end-to-end tests against a running binary, on AsyncHTTPClient.
///
/// Not URLSession: under AddressSanitizer a test once waited forever in `URLSession.data(for:)` with its
/// request's 20 s timeout long past, no thread of the test process doing anything (swift-corelibs-foundation's
/// curl-driven URLSession has lost completions before: SR-4567, SR-10267). Here the deadline is a timer on a
/// NIO event loop that fails the request when it is due, whatever the server does.
struct LiveHTTP {
    let base: String

    /// One client for every test of the process, never shut down (it lives as long as the process). 32
    /// connections to a host, not AsyncHTTPClient's 8: a test that sends a dozen at once means at once.
    private static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool = .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: 32)
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()

    struct Reply {
        var status: Int
        var body: Data
        var text: String { String(decoding: body, as: UTF8.self) }
        func json() throws -> [String: Any] {
            guard let object = try JSONSerialization.jsonObject(with: body) as? [String: Any] else {
                throw SpawnError("not a JSON object: \(text.prefix(300))")
            }
            return object
        }
    }

    /// Sends one request and reads its whole answer; fails after 60 s (a hung server fails the test, never hangs it).
    func send(
        _ method: String, _ path: String, headers: [String: String] = [:], body: Data? = nil
    ) async throws -> Reply {
        var request = HTTPClientRequest(url: base + path)
        request.method = HTTPMethod(rawValue: method)
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body { request.body = .bytes(ByteBuffer(data: body)) }
        let response = try await Self.client.execute(request, timeout: .seconds(60))
        let bytes = try await response.body.collect(upTo: 256 << 20)
        return Reply(status: Int(response.status.code), body: Data(buffer: bytes))
    }
}

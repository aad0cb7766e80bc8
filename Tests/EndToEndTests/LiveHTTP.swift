import Foundation
import Mocks
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A tiny HTTP client over URLSession for end-to-end tests against a running binary.
struct LiveHTTP {
    let base: String
    let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 20
        configuration.httpMaximumConnectionsPerHost = 32  // not 6: a test that sends a dozen at once means at once
        return URLSession(configuration: configuration)
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

    func send(
        _ method: String, _ path: String, headers: [String: String] = [:], body: Data? = nil
    ) async throws -> Reply {
        var request = URLRequest(url: URL(string: base + path)!)
        request.httpMethod = method
        for (key, value) in headers { request.setValue(value, forHTTPHeaderField: key) }
        request.httpBody = body
        let (data, response) = try await session.data(for: request)
        return Reply(status: (response as? HTTPURLResponse)?.statusCode ?? 0, body: data)
    }
}

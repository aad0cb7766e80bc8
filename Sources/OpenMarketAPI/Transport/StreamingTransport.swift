/// A transport that can also hand a response's body over as it arrives, for a stream that does not end (the
/// market's changes). The live value is `AsyncHTTPTransport`; tests use `MockTransport`'s streams.
public protocol StreamingTransport: HTTPTransport {
    /// Sends `request` and returns once the response's head is in (within `request.timeout`); its body's
    /// chunks come as the server sends them, until it ends, fails, or the consumer stops reading (which closes
    /// the connection). Throws only `OpenMarketError`.
    func open(_ request: TransportRequest) async throws -> TransportStream
}

/// A response whose body is still arriving.
public struct TransportStream: Sendable {
    public var status: Int
    public var headers: [HTTPHeader]
    /// The body's chunks as they arrive.
    public var body: AsyncThrowingStream<[UInt8], any Error>

    public init(status: Int, headers: [HTTPHeader], body: AsyncThrowingStream<[UInt8], any Error>) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The value of the first header named `name` (case-insensitive).
    public func header(_ name: String) -> String? {
        headers.value(for: name)
    }
}

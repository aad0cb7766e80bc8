/// Sends one HTTP request and returns the complete response: the seam between the client and the network.
///
/// The live value is `AsyncHTTPTransport`; tests use `MockTransport` from Mocks. A transport must
/// honour the request's `timeout` and `maxResponseBytes`, stop when the calling task is cancelled, and
/// throw only `OpenMarketError` (transport, timeout, cancelled, response too large). A non-2xx status
/// is not an error at this level.
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns the response with its whole body.
    func send(_ request: TransportRequest) async throws -> TransportResponse
}

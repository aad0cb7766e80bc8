import AsyncHTTPClient
import NIOCore

extension AsyncHTTPTransport: StreamingTransport {
    /// Sends `request` on the streams' own connections; returns when the head is in (AsyncHTTPClient's deadline: `request.timeout`). The body is
    /// read as the consumer asks for it; when the consumer stops, the reading task is cancelled and
    /// AsyncHTTPClient closes the connection.
    public func open(_ request: TransportRequest) async throws -> TransportStream {
        let prepared = try Self.prepare(request)
        let response: HTTPClientResponse
        do {
            response = try await streamClient.execute(prepared, deadline: .now() + TimeAmount(request.timeout))
        } catch {
            throw Self.openMarketError(for: error, request: request, taskCancelled: Task.isCancelled)
        }
        let body = response.body
        let endpoint = request.endpoint
        let stream = AsyncThrowingStream<[UInt8], any Error> { continuation in
            let reading = Task {
                do {
                    for try await chunk in body { continuation.yield(Array(chunk.readableBytesView)) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: OpenMarketError.transport(endpoint: endpoint, reason: "\(error)"))
                }
            }
            continuation.onTermination = { _ in reading.cancel() }
        }
        return TransportStream(
            status: Int(response.status.code), headers: response.headers.map { HTTPHeader($0.name, $0.value) }, body: stream)
    }
}

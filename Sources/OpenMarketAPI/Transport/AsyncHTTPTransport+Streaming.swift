import AsyncHTTPClient
import NIOCore

extension AsyncHTTPTransport: StreamingTransport {
    /// Sends `request` on the streams' own connections; returns when the head is in (AsyncHTTPClient's deadline: `request.timeout`). The body is
    /// read as the consumer asks for it, in the consumer's task; when the consumer stops, AsyncHTTPClient closes
    /// the connection.
    public func open(_ request: TransportRequest) async throws -> TransportStream {
        let prepared = try Self.prepare(request)
        let response: HTTPClientResponse
        do {
            response = try await streamClient.execute(prepared, deadline: .now() + TimeAmount(request.timeout))
        } catch {
            throw Self.openMarketError(for: error, request: request, taskCancelled: Task.isCancelled)
        }
        // The body is read in the consumer's own task, as it asks (no task of its own: a browser that follows
        // the changes on its own thread is woken there by each chunk, and a pump on the runtime's threads
        // started a worker thread for each heartbeat). When the consumer stops, the iterator goes with the
        // stream and AsyncHTTPClient closes the connection.
        let source = BodySource(response.body.makeAsyncIterator())
        let stream = AsyncThrowingStream<[UInt8], any Error> {
            do {
                return try await source.next()
            } catch {
                // Said as the requests' failures are (a few words, `cancelled` when the reader stopped): not the
                // error's whole description, which reflected on the error at every browser's quit.
                throw Self.openMarketError(for: error, request: request, taskCancelled: Task.isCancelled)
            }
        }
        return TransportStream(
            status: Int(response.status.code), headers: response.headers.map { HTTPHeader($0.name, $0.value) }, body: stream)
    }
}

/// An answer's body as a stream reads it: one chunk at a time, by the one consumer its stream has.
private final class BodySource: @unchecked Sendable {
    // Only the stream's iterator calls `next`, and an async iterator is read by one task at a time.
    private var iterator: HTTPClientResponse.Body.AsyncIterator

    init(_ iterator: HTTPClientResponse.Body.AsyncIterator) {
        self.iterator = iterator
    }

    func next() async throws -> [UInt8]? {
        try await iterator.next().map { Array($0.readableBytesView) }
    }
}

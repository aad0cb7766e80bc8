import NIOCore

/// A request body as an async sequence of chunks that reports progress as each chunk is asked for.
///
/// AsyncHTTPClient asks for the next chunk only after writing the previous one into a connection that can
/// take more, so at each request everything before it has been handed to the socket.
struct UploadChunks: AsyncSequence, Sendable {
    typealias Element = ByteBuffer

    let bytes: [UInt8]
    let chunkSize: Int
    let progress: @Sendable (_ sent: Int, _ total: Int) -> Void

    struct AsyncIterator: AsyncIteratorProtocol {
        let bytes: [UInt8]
        let chunkSize: Int
        let progress: @Sendable (_ sent: Int, _ total: Int) -> Void
        var offset = 0
        var finished = false

        mutating func next() async -> ByteBuffer? {
            guard !finished else { return nil }
            progress(offset, bytes.count)
            guard offset < bytes.count else {
                finished = true
                return nil
            }
            let end = Swift.min(offset + chunkSize, bytes.count)
            let chunk = ByteBuffer(bytes: bytes[offset..<end])
            offset = end
            return chunk
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(bytes: bytes, chunkSize: Swift.max(1, chunkSize), progress: progress)
    }
}

import NIOCore

/// Where one subscriber's events go: a queue that the route writes to the subscriber's HTTP connection, or a
/// local socket written at once (`ChangeSocket`: the browsers of `openmarket ssh` on its own market).
enum ChangeSink: Sendable {
    case queue(AsyncStream<ByteBuffer>.Continuation)
    case socket(ChangeSocketSink)

    /// Hands `bytes` on. False when the subscriber fell too far behind to take them (its queue is full, or its
    /// socket's buffer): it is cut off, and resumes by id.
    func deliver(_ bytes: ByteBuffer) -> Bool {
        switch self {
        case .queue(let continuation):
            if case .dropped = continuation.yield(bytes) { return false }
            return true
        case .socket(let socket):
            return socket.send(bytes) != .cut
        }
    }

    /// No more events: the queue ends (the route finishes the response), the socket is shut down (the
    /// subscriber reads what was sent, then the end).
    func finish() {
        switch self {
        case .queue(let continuation): continuation.finish()
        case .socket(let socket): socket.shutDown()
        }
    }
}

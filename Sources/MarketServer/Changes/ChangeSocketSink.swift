import Foundation
import NIOCore
import NIOConcurrencyHelpers

/// One subscriber's end of a local socket (`ChangeSocket`): events are written to it at once, without
/// waiting. A write the socket's buffer cannot take whole (a subscriber that stopped reading) cuts the
/// subscriber off: the bytes it did take end in an event without its blank line, which the subscriber's parser
/// drops, so it resumes from the last whole event.
///
/// The descriptor is closed only by `release` (the socket's listener, which polls it): `shutDown` ends the
/// stream for the subscriber but keeps the number taken, so that no other file can take it while the listener
/// still polls it.
final class ChangeSocketSink: Sendable {
    enum Outcome: Equatable {
        case sent
        /// Not taken whole: the subscriber is to be cut off.
        case cut
        /// Shut down before.
        case ended
    }

    private struct Socket {
        var descriptor: Int32
        var open = true
        var released = false
    }

    private let socket: NIOLockedValueBox<Socket>

    /// `descriptor`: a connected stream socket, non-blocking.
    init(descriptor: Int32) {
        socket = NIOLockedValueBox(Socket(descriptor: descriptor))
    }

    /// Writes `bytes` without waiting.
    func send(_ bytes: ByteBuffer) -> Outcome {
        socket.withLockedValue { socket in
            guard socket.open else { return .ended }
            let count = bytes.readableBytes
            guard count > 0 else { return .sent }
            var written = 0
            while written < count {
                let sent = bytes.withUnsafeReadableBytes { raw in
                    Glibc.send(socket.descriptor, raw.baseAddress! + written, count - written, Int32(MSG_DONTWAIT | MSG_NOSIGNAL))
                }
                if sent > 0 {
                    written += sent
                } else if sent < 0 && errno == EINTR {
                    continue
                } else {
                    return .cut
                }
            }
            return .sent
        }
    }

    /// Ends the stream: the subscriber reads what was sent, then its end. Nothing is sent after.
    func shutDown() {
        socket.withLockedValue { socket in
            guard socket.open else { return }
            socket.open = false
            _ = Glibc.shutdown(socket.descriptor, Int32(SHUT_RDWR))
        }
    }

    /// Shuts the stream down and closes the descriptor (by the listener, which stops polling it).
    func release() {
        socket.withLockedValue { socket in
            guard !socket.released else { return }
            if socket.open { _ = Glibc.shutdown(socket.descriptor, Int32(SHUT_RDWR)) }
            socket.open = false
            socket.released = true
            _ = Glibc.close(socket.descriptor)
        }
    }
}

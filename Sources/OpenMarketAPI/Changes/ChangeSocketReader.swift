import Foundation
import MarketWords
import NIOConcurrencyHelpers

/// Reads the market's changes from its local socket (`ChangeEvents.socketEnvironmentKey`: `openmarket ssh` on
/// its own market): the same Server-Sent Events as the stream over HTTP, read by whichever thread is told the
/// socket is readable (a browser's terminal thread, which then handles them without waking another). When the
/// socket ends — the market cut this reader off for falling behind, or stopped — `ended` gets the last event
/// id read, to go on from over HTTP (`ChangeFollowing`) without losing a change.
///
/// `readable` is called by one thread at a time; `cancel` from any.
public final class ChangeSocketReader: Sendable {
    /// The connected socket (non-blocking), read until it ends.
    public let descriptor: Int32
    private let deliver: @Sendable (ChangeFeedEvent) -> Void
    private let reading: NIOLockedValueBox<Reading>
    private let ending: NIOLockedValueBox<(@Sendable (String?) -> Void)?>

    private struct Reading {
        var parser = ServerSentEventParser()
        let decoder = JSONDecoder()
        /// Ten events or so a read (a browser's memory is its visitor's: 4 KB, not more).
        var buffer = [UInt8](repeating: 0, count: 4 * 1024)
        var closed = false
    }

    private init(descriptor: Int32, deliver: @escaping @Sendable (ChangeFeedEvent) -> Void, ended: @escaping @Sendable (String?) -> Void) {
        self.descriptor = descriptor
        self.deliver = deliver
        reading = NIOLockedValueBox(Reading())
        ending = NIOLockedValueBox(ended)
    }

    /// Connects to the socket at `path` without waiting; nil when it cannot (no such socket, or its queue is
    /// full): then the changes are followed over HTTP.
    public static func connect(
        to path: String, deliver: @escaping @Sendable (ChangeFeedEvent) -> Void, ended: @escaping @Sendable (String?) -> Void
    ) -> ChangeSocketReader? {
        guard let address = LocalSocketAddress(path: path) else { return nil }
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        guard address.withSocketAddress({ Glibc.connect(descriptor, $0, $1) }) == 0 else {
            close(descriptor)
            return nil
        }
        return ChangeSocketReader(descriptor: descriptor, deliver: deliver, ended: ended)
    }

    /// Reads what the socket has and hands on each change it completes. False once the socket ended (it is
    /// closed, and `ended` told): stop watching it.
    public func readable() -> Bool {
        let lastID: String?? = reading.withLockedValue { reading in
            guard !reading.closed else { return .some(nil) }
            while true {
                let count = reading.buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count > 0 {
                    let chunk = reading.buffer[..<count]
                    do {
                        for event in try reading.parser.feed(chunk) {
                            if let change = MarketChange(event, decoder: reading.decoder) { deliver(.change(change)) }
                        }
                    } catch {
                        // What no market writes (a line past the parser's bounds): followed over HTTP from here.
                        break
                    }
                } else if count < 0 && errno == EINTR {
                    continue
                } else if count < 0 && errno == EAGAIN {
                    return nil
                } else {
                    break
                }
            }
            reading.closed = true
            close(descriptor)
            return .some(reading.parser.lastEventID)
        }
        guard case .some(let last) = lastID else { return true }
        ending.withLockedValue { ended in
            defer { ended = nil }
            return ended
        }?(last)
        return false
    }

    /// Stops reading: the socket is shut down (a thread watching it sees its end, and closes it), and `ended`
    /// is not told.
    public func cancel() {
        ending.withLockedValue { $0 = nil }
        reading.withLockedValue { reading in
            if !reading.closed { _ = shutdown(descriptor, Int32(SHUT_RDWR)) }
        }
    }
}

import Foundation
import Logging
import MarketWords
import NIOConcurrencyHelpers

/// The market's change stream on a local socket, for the browsers `openmarket ssh` starts on its own market
/// (`ChangeEvents.socketEnvironmentKey` names it to them). A browser that connects reads the same events as
/// `GET /api/products/changes` sends (its viewer token, the count of those here, every change), written to its
/// socket by the publisher at once: no HTTP, and no task, queue or event-loop hop a browser an event. Over HTTP
/// an edit cost the front some 0.12 ms for each browser that followed it, and each browser a wake of its HTTP
/// client's thread besides its own (docs/BENCHMARKS.md).
///
/// The socket is made in a folder of its own in the temporary directory, which only this user may enter
/// (`mkdtemp`, mode 0700), and both are removed at `stop` — or, when the front was killed first, by the next change
/// socket this user opens (`ChangeSocketLeftovers`). A browser says nothing on it: its socket readable
/// means it closed (or wrote what no browser writes), and it leaves. One thread accepts and watches the
/// connections; it wakes only when one comes or goes.
public final class ChangeSocket: Sendable {
    /// The socket's path.
    public let path: String
    private let folder: String
    private let listener: Int32
    private let wake: (read: Int32, write: Int32)
    private let stream: ChangeStream
    private let logger: Logger
    private let stopped = NIOLockedValueBox(false)
    private let ended = DispatchSemaphore(value: 0)

    /// Listens in a new private folder of `temporary` (the system's temporary directory unless given).
    init(stream: ChangeStream, logger: Logger, temporary: String = NSTemporaryDirectory()) throws {
        self.stream = stream
        self.logger = logger
        let base = temporary.hasSuffix("/") ? String(temporary.dropLast()) : temporary
        let removed = ChangeSocketLeftovers.sweep(in: base)
        if !removed.isEmpty {
            logger.notice("removed \(removed.count) change socket folder(s) left by fronts that were killed: \(removed.joined(separator: " "))")
        }
        var template = Array((base + "/").utf8CString.dropLast())
        template += Array((ChangeSocketLeftovers.prefix + "XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        folder = String(cString: made)
        path = folder + "/" + ChangeSocketLeftovers.socketName
        var pipeEnds: [Int32] = [0, 0]
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        let bound =
            listener >= 0 && LocalSocketAddress(path: path)?.withSocketAddress({ bind(listener, $0, $1) }) == 0
            && listen(listener, 4_096) == 0 && pipe(&pipeEnds) == 0
        guard bound else {
            let error = POSIXError(POSIXErrorCode(rawValue: errno) ?? .ENAMETOOLONG)
            if listener >= 0 { close(listener) }
            unlink(path)
            rmdir(folder)
            throw error
        }
        for descriptor in [listener] + pipeEnds {
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        }
        self.listener = listener
        wake = (pipeEnds[0], pipeEnds[1])
        let thread = Thread { [self] in run() }
        thread.name = "change-socket"
        thread.start()
    }

    /// Stops accepting, ends every connection's stream (each leaves), and removes the socket and its folder.
    /// Its thread runs until then.
    public func stop() {
        let first = stopped.withLockedValue { stopped in
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
        ended.wait()
        close(wake.write)
    }

    /// How many connections the socket holds now.
    var connections: Int { connectionCount.withLockedValue { $0 } }
    private let connectionCount = NIOLockedValueBox(0)

    private struct Connection {
        let descriptor: Int32
        let id: Int
        let sink: ChangeSocketSink
    }

    private func run() {
        var connections: [Connection] = []
        var fds: [pollfd] = []
        while true {
            fds.removeAll(keepingCapacity: true)
            fds.append(pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0))
            fds.append(pollfd(fd: listener, events: Int16(POLLIN), revents: 0))
            for connection in connections { fds.append(pollfd(fd: connection.descriptor, events: Int16(POLLIN), revents: 0)) }
            if poll(&fds, nfds_t(fds.count), -1) < 0 {
                if errno == EINTR { continue }
                logger.error("the change socket stopped: poll failed (\(String(cString: strerror(errno))))")
                break
            }
            if fds[0].revents != 0 { break }
            // Gone (or writing what no browser writes): it leaves, and its descriptor is closed only now.
            for index in connections.indices.reversed() where fds[index + 2].revents != 0 {
                let gone = connections.remove(at: index)
                stream.leave(gone.id)
                gone.sink.release()
            }
            if fds[1].revents != 0 { accept(into: &connections) }
            connectionCount.withLockedValue { $0 = connections.count }
        }
        for connection in connections {
            stream.leave(connection.id)
            connection.sink.release()
        }
        connectionCount.withLockedValue { $0 = 0 }
        close(listener)
        close(wake.read)
        unlink(path)
        rmdir(folder)
        ended.signal()
    }

    /// Takes every connection waiting, each a new subscriber.
    private func accept(into connections: inout [Connection]) {
        while true {
            let descriptor = Glibc.accept(listener, nil, nil)
            if descriptor < 0 {
                switch errno {
                case EINTR, ECONNABORTED: continue
                case EAGAIN: return
                default:
                    // Out of descriptors: the waiting browsers follow over HTTP after a while (they time out here).
                    logger.warning("the change socket cannot accept (\(String(cString: strerror(errno)))): waiting a moment")
                    usleep(100_000)
                    return
                }
            }
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            let sink = ChangeSocketSink(descriptor: descriptor)
            guard let id = stream.open(socket: sink, address: "local") else {
                sink.release()
                continue
            }
            connections.append(Connection(descriptor: descriptor, id: id, sink: sink))
        }
    }
}

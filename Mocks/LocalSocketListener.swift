import Foundation
import MarketWords

/// A Unix-domain socket listening in a folder of its own, for tests of what reads the market's local change
/// socket (the test plays the market: it accepts, writes, closes). The folder goes with it.
public final class LocalSocketListener: Sendable {
    public let path: String
    private let folder: String
    private let descriptor: Int32

    public init() throws {
        folder = NSTemporaryDirectory() + "changes-test-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        path = folder + "/s"
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard let address = LocalSocketAddress(path: path),
            address.withSocketAddress({ bind(descriptor, $0, $1) }) == 0, listen(descriptor, 8) == 0
        else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }

    /// The next connection, waited for (up to 20 s) without holding a thread: a test blocked in `accept` held
    /// one of the two threads of the concurrency pool, and with another test doing the same, the browser whose
    /// connection both waited for never ran. -1 when none came.
    public func accept() async -> Int32 {
        let deadline = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < deadline {
            let connection = Glibc.accept(descriptor, nil, nil)
            if connection >= 0 {
                _ = fcntl(connection, F_SETFL, fcntl(connection, F_GETFL) & ~O_NONBLOCK)
                return connection
            }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return -1
    }

    /// Writes `text` to a connection.
    public static func send(_ text: String, to connection: Int32) {
        _ = text.withCString { write(connection, $0, strlen($0)) }
    }

    deinit {
        close(descriptor)
        try? FileManager.default.removeItem(atPath: folder)
    }
}

#if canImport(Glibc)
import Glibc
#endif

/// A Unix-domain socket's address (`sockaddr_un`) for a path: what the market's change socket binds to and a
/// browser connects to (`ChangeEvents.socketEnvironmentKey`).
public struct LocalSocketAddress: Sendable {
    private var address = sockaddr_un()

    /// Nil for a path that is empty or too long for the address (107 bytes on Linux), or that holds a NUL.
    public init?(path: String) {
        let bytes = Array(path.utf8)
        let room = MemoryLayout.size(ofValue: address.sun_path)
        guard !bytes.isEmpty, bytes.count < room, !bytes.contains(0) else { return nil }
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { path in
            path.copyBytes(from: bytes)
        }
    }

    /// Calls `body` with the address as `bind` and `connect` take it.
    public func withSocketAddress<Result>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result {
        withUnsafePointer(to: address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }
}

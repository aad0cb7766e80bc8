import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A loopback port nothing listens on, for tests of what happens when a server is not there.
public enum ClosedPort {
    /// Runs `body` with a loopback port nothing listens on, held for as long as `body` runs: a socket bound
    /// to it but never listening, so no other test's server can take it meanwhile (a port merely closed
    /// again was sometimes picked by a server started in parallel, which then answered).
    public static func with<Value>(_ body: (Int) async throws -> Value) async throws -> Value {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.EMFILE) }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(descriptor, raw, length) == 0 && getsockname(descriptor, raw, &length) == 0
            }
        }
        guard bound else { throw POSIXError(.EADDRINUSE) }
        return try await body(Int(UInt16(bigEndian: address.sin_port)))
    }
}

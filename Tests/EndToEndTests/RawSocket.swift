import Foundation
import Mocks

/// A raw TCP connection to a loopback port from a chosen loopback source address (all of 127.0.0.0/8 is
/// loopback on Linux, so one machine can play many clients). Calls block, with short timeouts.
final class RawSocket: @unchecked Sendable {
    let descriptor: Int32

    /// `receiveBuffer`: the socket's receive buffer in bytes (the kernel doubles it, and keeps a floor), for a
    /// client that reads nothing and should hold little.
    init(port: Int, from source: String = "127.0.0.1", receiveBuffer: Int32? = nil) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw SpawnError("socket: errno \(errno)") }
        if var size = receiveBuffer {
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var local = Self.address(source, port: 0)
        let bound = withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { close(descriptor); throw SpawnError("bind \(source): errno \(errno)") }
        var remote = Self.address("127.0.0.1", port: port)
        let connected = withUnsafePointer(to: &remote) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { close(descriptor); throw SpawnError("connect: errno \(errno)") }
    }

    deinit { close(descriptor) }

    /// A loopback port nothing listens on right now (bound to port 0, read back, released).
    static func freePort() throws -> Int {
        let probe = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard probe >= 0 else { throw SpawnError("socket: errno \(errno)") }
        defer { close(probe) }
        var local = address("127.0.0.1", port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(probe, pointer, length) == 0 ? getsockname(probe, pointer, &length) : -1
            }
        }
        guard named == 0 else { throw SpawnError("bind/getsockname: errno \(errno)") }
        return Int(UInt16(bigEndian: local.sin_port))
    }

    static func address(_ text: String, port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr(text)
        return address
    }

    func send(_ text: String) {
        _ = text.withCString { Glibc.send(descriptor, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
    }

    /// What has arrived and waits to be read, without waiting for more.
    func readAvailable() async -> String {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            var wanted = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&wanted, 1, 0) > 0 else { break }
            let n = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            received += buffer[..<n]
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// What the server sent until it closed the connection, or nil if it is still open after `timeout`.
    /// Polls without waiting and sleeps between polls: a test blocked in `poll` would hold one of the
    /// few threads every other test's tasks run on.
    func readUntilClosed(timeout: Duration) async -> String? {
        var received: [UInt8] = []
        let deadline = ContinuousClock.now + timeout
        var buffer = [UInt8](repeating: 0, count: 4096)
        while ContinuousClock.now < deadline {
            var wanted = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&wanted, 1, 0) > 0 else {
                try? await Task.sleep(for: .milliseconds(5))
                continue
            }
            let n = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if n <= 0 { return String(decoding: received, as: UTF8.self) }  // closed (or reset)
            received += buffer[..<n]
        }
        return nil
    }
}

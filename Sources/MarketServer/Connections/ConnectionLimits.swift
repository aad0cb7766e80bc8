#if canImport(Glibc)
import Glibc
#endif

/// How long a client may take and how many connections it may hold: the server's defence against slow
/// and greedy clients (slowloris and the like).
public struct ConnectionLimits: Sendable, Equatable {
    /// From the first byte of a request to the end of its header.
    public var headerTimeout: Duration
    /// From the end of a request's header to the end of its body.
    public var bodyTimeout: Duration
    /// How long a kept-alive connection may wait for its next request.
    public var idleTimeout: Duration
    /// Connections open at once; further ones wait in the kernel's accept queue until one closes.
    public var maxConnections: Int
    /// Connections one client address may hold at once (0: no limit); further ones are answered 503 and closed.
    public var maxConnectionsPerAddress: Int
    /// How long answers may wait for a client that reads none of them (the connection's outgoing buffer full)
    /// before the connection is closed.
    public var stallTimeout: Duration
    /// Requests read ahead of their answers (pipelined); past it the connection is not read until answers
    /// catch up.
    public var maxPipelined: Int

    public init(
        headerTimeout: Duration = .seconds(10), bodyTimeout: Duration = .seconds(60), idleTimeout: Duration = .seconds(75),
        maxConnections: Int = ConnectionLimits.defaultMaxConnections(), maxConnectionsPerAddress: Int = 64,
        stallTimeout: Duration = .seconds(30), maxPipelined: Int = 16
    ) {
        self.headerTimeout = headerTimeout
        self.bodyTimeout = bodyTimeout
        self.idleTimeout = idleTimeout
        self.maxConnections = maxConnections
        self.maxConnectionsPerAddress = maxConnectionsPerAddress
        self.stallTimeout = stallTimeout
        self.maxPipelined = max(1, maxPipelined)
    }

    /// For a server only this process talks to (the browser's and `openmarket ssh`'s embedded market): every
    /// session comes from 127.0.0.1, so there is no per-address limit.
    public static var loopbackOnly: ConnectionLimits {
        ConnectionLimits(maxConnectionsPerAddress: 0)
    }

    /// Three quarters of what the open-file limit leaves after 64 descriptors for the database, pictures and
    /// logs; at least 16, at most 4,096. With the common limit of 1,024 that is 720. `openFiles`: the limit
    /// in force, when the caller has read it (the soft limit read here otherwise).
    public static func defaultMaxConnections(openFiles: Int? = nil) -> Int {
        guard let files = openFiles ?? softOpenFileLimit() else { return 512 }
        return max(16, min(4_096, (files - 64) * 3 / 4))
    }

    /// This process's soft open-file limit (nil when it cannot be read).
    private static func softOpenFileLimit() -> Int? {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return nil }
        return Int(clamping: min(limit.rlim_cur, 1 << 20))  // RLIM_INFINITY is the largest value
    }

    /// How often a connection's deadlines are checked: a quarter of the shortest timeout, at least 100 ms.
    var checkInterval: Duration {
        max(.milliseconds(100), min(headerTimeout, bodyTimeout, idleTimeout, stallTimeout) / 4)
    }
}

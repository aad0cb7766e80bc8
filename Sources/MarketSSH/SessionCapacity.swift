import Foundation

/// How many sessions a front takes by default: what this machine was measured to hold, scaled to the
/// machine it runs on (BENCHMARKS.md, "A crowd at the door"). On 2 cores, 1,000 visitors each pressing a
/// key every few seconds were all served without a failure, first pages within ≈ 2.4 s and answers within
/// ≈ 300 ms (p99, medians of three runs), at ≈ 4.3 MB of proportional set size per session; so 500 per core,
/// and no more than half the available memory at 10 MB each, and what the open-file limit allows at 8
/// descriptors each.
public enum SessionCapacity {
    /// Sessions per core that held the goals here.
    public static let perCore = 500
    /// Memory a session is counted at (its PSS, with room).
    public static let bytesPerSession = 10 << 20
    /// Descriptors a session is counted at: its socket, its pty's three, and its browser's connections to the
    /// front's market (`marketConnectionsPerSession`).
    public static let descriptorsPerSession = 8
    /// Connections a session's browser may hold to the front's own market: its requests' two, its change stream,
    /// and one more stream (a picture being loaded) — `AsyncHTTPTransport`'s pools. Three are open from its
    /// first page on (measured: 120 for 40 sessions).
    public static let marketConnectionsPerSession = 4
    /// Connections the front's market keeps for everything but its browsers (a session template's warm-up,
    /// the MCP server and other local clients).
    public static let otherMarketConnections = 64

    /// The default `--max-sessions`: the least of the three bounds, at least 8. `openFiles` is the soft open-file
    /// limit in force (`openmarket ssh` raises it to the hard one first).
    public static func defaultMaxSessions(
        cores: Int = ProcessInfo.processInfo.activeProcessorCount, availableMemory: Int? = availableMemory(),
        openFiles: Int
    ) -> Int {
        var bound = cores * perCore
        if let availableMemory { bound = min(bound, availableMemory / 2 / bytesPerSession) }
        bound = min(bound, (openFiles - 2_048) / descriptorsPerSession)
        return max(8, bound)
    }

    /// How many connections the front's own market takes at once: every session's browser's
    /// (`marketConnectionsPerSession`) and `otherMarketConnections`, so that a visitor's browser never waits
    /// for another's connection to close; no more than the open-file limit leaves after 64 descriptors and the
    /// sessions' own four each (their sockets and ptys), and at least 16. A market's own default (at most
    /// 4,096) ran out at 1,800 sessions: each later visitor's first page waited for someone's idle
    /// connection to close (docs/DECISIONS.md).
    public static func marketConnections(maxSessions: Int, openFiles: Int) -> Int {
        let wanted = maxSessions * marketConnectionsPerSession + otherMarketConnections
        let left = openFiles - 64 - maxSessions * (descriptorsPerSession - marketConnectionsPerSession)
        return max(16, min(wanted, left))
    }

    /// MemAvailable from /proc/meminfo, in bytes; nil where there is none.
    public static func availableMemory(meminfo: String? = try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8)) -> Int? {
        guard let meminfo else { return nil }
        for line in meminfo.split(separator: "\n") where line.hasPrefix("MemAvailable:") {
            let fields = line.split(separator: " ")
            if fields.count >= 2, let kilobytes = Int(fields[1]) { return kilobytes * 1024 }
        }
        return nil
    }
}

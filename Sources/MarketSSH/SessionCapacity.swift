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
    /// Descriptors a session is counted at (its socket, its pty's three, the market's two connections, spares).
    public static let descriptorsPerSession = 8

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

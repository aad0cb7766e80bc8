import CPosixSpawn
import Foundation

/// What each visitor's browser may use, enforced by the kernel on that process alone (resource limits set on
/// it as it starts): whatever a picture, a terminal's answer or a window size gets it to do, it cannot take
/// the host's memory, a core for ever, or every descriptor, and only its own visitor notices when it goes
/// past one — the browser is ended and the visitor reads a goodbye line in their language.
///
/// Memory is the process's data (`RLIMIT_DATA`: its heap, anonymous maps and threads' stacks — what grows
/// when it works on something large); a cgroup would count its pages instead, but this machine's cgroup v2
/// has no memory controller to give a session one (docs/DECISIONS.md). CPU is seconds of processor time
/// (`RLIMIT_CPU`: SIGXCPU at the limit, SIGKILL five seconds of CPU later); a browser uses a few seconds in
/// an hour of browsing. Files: open descriptors (`RLIMIT_NOFILE`) and the largest file it may write
/// (`RLIMIT_FSIZE`); no core files (`RLIMIT_CORE` 0: a core would hold a visitor's screen and the front's
/// environment). Processes are not limited per visitor: every browser runs as the front's user, and
/// `RLIMIT_NPROC` counts all of that user's threads (docs/SECURITY.md).
///
/// The limits are set twice, so that no moment is without them: by the browser on itself, first thing, from
/// its environment (`environmentKey`: posix_spawn cannot set a child's limits, and the front may not run
/// again until the child has read a visitor's bytes), and by the front on the child (`apply(to:)`, prlimit)
/// as soon as it is spawned. Soft and hard limits are the same, so the browser cannot raise them.
public struct SessionBudget: Sendable, Equatable {
    /// Bytes of data the browser may map (`RLIMIT_DATA`).
    public var memoryBytes: Int
    /// Seconds of CPU the browser may use (`RLIMIT_CPU`).
    public var cpuSeconds: Int
    /// Descriptors the browser may hold open (`RLIMIT_NOFILE`).
    public var openFiles: Int
    /// The largest file the browser may write (`RLIMIT_FSIZE`).
    public var fileBytes: Int

    /// The defaults: 256 MB of data (a browser maps ≈ 90 MB of it at rest — its threads' stacks and the
    /// allocator's arenas — and touches ≈ 5 MB; a full window of large pictures takes some tens), 600 s of CPU
    /// (two hours of steady browsing use well under a minute), 256 descriptors (it holds about a dozen),
    /// 64 MB files.
    public init(memoryBytes: Int = 256 << 20, cpuSeconds: Int = 600, openFiles: Int = 256, fileBytes: Int = 64 << 20) {
        self.memoryBytes = memoryBytes
        self.cpuSeconds = cpuSeconds
        self.openFiles = openFiles
        self.fileBytes = fileBytes
    }

    /// The sanitizer this program was built with ("address" or "thread"), found by its runtime's entry point;
    /// nil for an ordinary build. A sanitizer maps terabytes of shadow memory as data at start, so under one the
    /// memory budget cannot be set (the browser would not start): `openmarket ssh` turns it off and says so.
    public static let sanitizer: String? = {
        let everywhere = UnsafeMutableRawPointer(bitPattern: 0)  // RTLD_DEFAULT
        if dlsym(everywhere, "__asan_init") != nil { return "address" }
        if dlsym(everywhere, "__tsan_init") != nil { return "thread" }
        return nil
    }()

    /// The limits as (resource, soft, hard).
    var limits: [(resource: Int32, soft: UInt64, hard: UInt64)] {
        [
            (cps_rlimit_data(), UInt64(memoryBytes), UInt64(memoryBytes)),
            (cps_rlimit_cpu(), UInt64(cpuSeconds), UInt64(cpuSeconds + 5)),
            (cps_rlimit_nofile(), UInt64(openFiles), UInt64(openFiles)),
            (cps_rlimit_fsize(), UInt64(fileBytes), UInt64(fileBytes)),
            (cps_rlimit_core(), 0, 0),
        ]
    }

    /// The variable of the browser's environment that carries its budget.
    public static let environmentKey = "OPENMARKET_BUDGET"

    /// The budget as `environmentKey` carries it: `data=…,cpu=…,files=…,fsize=…` (bytes, seconds, count, bytes).
    public var environmentValue: String {
        "data=\(memoryBytes),cpu=\(cpuSeconds),files=\(openFiles),fsize=\(fileBytes)"
    }

    /// The budget `environmentValue` wrote; nil for anything else.
    public init?(environmentValue text: String) {
        var values: [String: Int] = [:]
        for field in text.split(separator: ",") {
            let parts = field.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, let value = Int(parts[1]), value >= 0 else { return nil }
            values[String(parts[0])] = value
        }
        guard let data = values["data"], let cpu = values["cpu"], let files = values["files"], let fsize = values["fsize"],
            values.count == 4
        else { return nil }
        self.init(memoryBytes: data, cpuSeconds: cpu, openFiles: files, fileBytes: fsize)
    }

    /// Reads a budget as a browser does first (its text parsed, its limits listed), setting nothing: what a session
    /// template does before it forks, so that each browser finds the types this makes already made (1.6% of a forked
    /// start, perf).
    public static func warmUp() {
        _ = SessionBudget(environmentValue: SessionBudget().environmentValue)?.limits.count
    }

    /// Sets the limits on this process (the browser, first thing); throws the first error.
    public func applyToSelf() throws {
        for limit in limits {
            let status = cps_setrlimit(limit.resource, limit.soft, limit.hard)
            guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EPERM) }
        }
    }

    /// Sets the limits on process `pid`; throws the first error.
    func apply(to pid: pid_t) throws {
        for limit in limits {
            let status = cps_prlimit(pid, limit.resource, limit.soft, limit.hard)
            guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EPERM) }
        }
    }

    /// Whether a browser that ended with `status` (128 + the signal for a signal) having reached `peakBytes` of
    /// resident memory (sampled each second while it ran) ended for this budget: killed for its CPU time (SIGXCPU, or the SIGKILL after it), or
    /// ended by a signal that an allocation refused for the memory limit raises (the Swift runtime's trap,
    /// an abort, a fault) with at least half the memory budget resident.
    func explains(status: Int32, peakBytes: Int) -> Bool {
        guard status > 128 else { return false }
        switch status - 128 {
        case SIGXCPU: return true
        case SIGKILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGILL: return peakBytes >= memoryBytes / 2
        default: return false
        }
    }
}

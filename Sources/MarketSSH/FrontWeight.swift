import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The front's share of the CPU against its own browsers, where Linux shares it between session groups
/// (autogroups, `kernel.sched_autogroup_enabled`, on in Debian's and Ubuntu's kernels).
///
/// Every browser leads a session of its own (it needs a controlling terminal), so each is a group that weighs as
/// much as the front's — and the front carries every visitor's bytes, keys and pushed changes, and runs the
/// embedded market. When an edit wakes two thousand browsers at once, a front of one browser's weight got the
/// cores last, after most of them had drawn. The front puts its own group at a lower nice (`openmarket ssh
/// --group-nice`, −10 by default): it takes only what it needs, but takes it first. It does so only when it leads
/// its session (a service, or started with `setsid`): otherwise the group is its caller's — a shell's and all
/// its jobs' — and is left as it is.
public struct FrontWeight: Sendable {
    /// What became of the front's group.
    public enum Outcome: Equatable, Sendable {
        /// The group now runs at this nice.
        case set(nice: Int)
        /// The group was already at this nice.
        case alreadyAt(nice: Int)
        /// `--group-nice 0`: the group is left at its own nice.
        case notAsked
        /// The kernel shares the CPU between threads, not sessions (no autogroups, or they are off).
        case noAutogroups
        /// The front does not lead its session: the group is its caller's.
        case sharedSession
        /// The kernel refused (lowering a nice needs `CAP_SYS_NICE`).
        case notPermitted(nice: Int)
        /// The write failed otherwise (still busy after a second of tries: `EAGAIN`), with its `errno`.
        case failed(errno: Int32)

        /// The front's log line, or nil when there is nothing worth saying.
        public var logLine: String? {
            switch self {
            case .set(let nice): "the front's session group runs at nice \(nice) against its browsers' 0 (--group-nice)"
            case .alreadyAt(let nice): "the front's session group was already at nice \(nice)"
            case .notAsked: nil
            case .noAutogroups:
                "the kernel shares the CPU between threads here (no autogroups): --group-nice changes nothing; weigh the front by the service's own means"
            case .sharedSession:
                "the front shares the session group of what started it: its weight is left as it is (start it as a service or with setsid for --group-nice)"
            case .notPermitted(let nice):
                "the front's session group stays at its nice: going to \(nice) needs root or CAP_SYS_NICE (--group-nice 0 to not ask)"
            case .failed(let number):
                "the front's session group stays at its nice: the kernel said \(String(cString: strerror(number))) (--group-nice 0 to not ask)"
            }
        }
    }

    /// The autogroup file of this process (`/proc/self/autogroup`: `/autogroup-N nice K`).
    public var groupPath = "/proc/self/autogroup"
    /// Whether autogroups are on (`1`).
    public var enabledPath = "/proc/sys/kernel/sched_autogroup_enabled"

    public init() {}

    /// The outcome of asking for `nice`, from what the kernel says: pure, for tests.
    /// - Parameters:
    ///   - enabled: the contents of the switch file, or nil when it cannot be read.
    ///   - group: the contents of the group file (`/autogroup-N nice K`, or empty in the root group), or nil when
    ///     it is missing.
    ///   - leadsSession: whether the process leads its session.
    ///   - write: writes the new nice; returns `errno` on failure (0 on success).
    static func decide(
        nice: Int, enabled: String?, group: String?, leadsSession: Bool, write: (Int) -> Int32
    ) -> Outcome {
        guard nice != 0 else { return .notAsked }
        // The switch may be hidden (systemd's ProcSubset=pid): then the group file says autogroups exist.
        guard enabled?.trimmingCharacters(in: .whitespacesAndNewlines) != "0", let group else { return .noAutogroups }
        let words = group.split(whereSeparator: \.isWhitespace)
        // An empty file is the root group: init's session's, shared with everything started there (a CI
        // runner's, a container's init that never called setsid). It has no nice of its own to set.
        guard !words.isEmpty else { return .sharedSession }
        guard words.count == 3, let current = Int(words[2]) else { return .noAutogroups }
        guard leadsSession else { return .sharedSession }
        guard nice != current else { return .alreadyAt(nice: current) }
        switch write(nice) {
        case 0: return .set(nice: nice)
        case EPERM, EACCES: return .notPermitted(nice: nice)
        case let number: return .failed(errno: number)
        }
    }

    /// Puts this process's session group at `nice` when it may and should (see the type).
    public func apply(nice: Int) -> Outcome {
        let path = groupPath
        return Self.decide(
            nice: nice, enabled: try? String(contentsOfFile: enabledPath, encoding: .utf8),
            group: try? String(contentsOfFile: path, encoding: .utf8), leadsSession: getsid(0) == getpid()
        ) { nice in
            // Without CAP_SYS_ADMIN the kernel takes one change of any group's nice a tenth of a second
            // (EAGAIN): a few tries over a second.
            for _ in 0..<10 {
                let descriptor = open(path, O_WRONLY | O_CLOEXEC)
                guard descriptor >= 0 else { return errno }
                let text = Array("\(nice)".utf8)
                let written = text.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
                let failure = written == text.count ? 0 : errno
                close(descriptor)
                guard failure == EAGAIN else { return failure }
                usleep(100_000)
            }
            return EAGAIN
        }
    }
}

import Foundation
public import Logging

/// The cpu cgroup a front's browsers share (`openmarket ssh --browser-cpu-group`).
///
/// Every browser leads a session of its own (it needs a controlling terminal), and where the kernel schedules
/// each session as a group (`kernel.sched_autogroup_enabled`, on in Debian's and Ubuntu's kernels) a crowd of
/// 2,000 browsers is 2,000 groups, each weighing as much as the whole front: the front's SSH work waits behind
/// every browser an edit woke, and the scheduler walks every group's load each time a core goes idle. In one
/// cgroup of the cpu controller, the browsers weigh as one group against the front (the kernel gives session
/// groups only to processes in the root group) and between themselves as processes (docs/DECISIONS.md,
/// docs/BENCHMARKS.md).
///
/// The template joins the group as it starts and every browser it forks is born in it; a browser spawned afresh
/// joins right after its spawn. A group this front made is named after it, beneath the front's own, and removed
/// when the front ends; an empty one left by a front that was killed is removed by the next.
public final class BrowserCPUGroup: Sendable {
    /// The group's directory (its `cgroup.procs` is written to).
    public let directory: String
    /// Whether this front made it (and removes it at its end).
    public let made: Bool

    /// The prefix of a group a front makes: `openmarket-browsers-PID`.
    public static let namePrefix = "openmarket-browsers-"

    /// What `--browser-cpu-group` says.
    public enum Choice: Equatable, Sendable {
        /// Make a group beneath the front's own when the front may; else go on without, and say why.
        case automatic
        case off
        /// A group made for the browsers (a delegated one): joined, never made nor removed.
        case existing(String)

        /// `auto`, `off` or a directory.
        public init?(argument: String) {
            switch argument {
            case "auto": self = .automatic
            case "off": self = .off
            case let path where path.hasPrefix("/"): self = .existing(path)
            default: return nil
            }
        }
    }

    /// Why there is no group.
    public struct Unavailable: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    init(directory: String, made: Bool) {
        self.directory = directory
        self.made = made
    }

    /// The group `choice` asks for: nil for `.off`; for `.automatic`, nil (and the reason in the log) when the
    /// front may not make one. An existing group that cannot be joined is an error.
    public static func start(_ choice: Choice, logger: Logger) throws -> BrowserCPUGroup? {
        switch choice {
        case .off:
            return nil
        case .existing(let directory):
            guard access(directory + "/cgroup.procs", W_OK) == 0 else {
                throw Unavailable(description: "--browser-cpu-group \(directory): no cgroup.procs this front may write (\(String(cString: strerror(errno))))")
            }
            logger.info("browsers share the cpu group \(directory)")
            return BrowserCPUGroup(directory: directory, made: false)
        case .automatic:
            do {
                let group = try make(beneath: ownPlace().get())
                logger.info("browsers share the cpu group \(group.directory) (made for them; --browser-cpu-group off to leave them be)")
                return group
            } catch {
                logger.notice("browsers are scheduled a session group each, as the kernel does (no cpu group for them: \(error)); a crowd of them then weighs more than the front — see --browser-cpu-group")
                return nil
            }
        }
    }

    /// This process's own place in the cpu controller.
    static func ownPlace() -> Result<CPUControllerPlace, CPUControllerPlace.Missing> {
        let cgroups = (try? String(contentsOfFile: "/proc/self/cgroup", encoding: .utf8)) ?? ""
        let mounts = (try? String(contentsOfFile: "/proc/self/mountinfo", encoding: .utf8)) ?? ""
        return CPUControllerPlace.find(cgroups: cgroups, mounts: mounts) { point in
            try? String(contentsOfFile: point + "/cgroup.controllers", encoding: .utf8)
        }
    }

    /// Makes `openmarket-browsers-PID` beneath `place`, first removing empty ones of fronts no longer running.
    static func make(beneath place: CPUControllerPlace, pid: pid_t = getpid()) throws -> BrowserCPUGroup {
        removeLeftovers(in: place.directory)
        let directory = place.directory + "/" + namePrefix + String(pid)
        if mkdir(directory, 0o755) != 0, errno != EEXIST {
            throw Unavailable(description: "cannot make \(directory): \(String(cString: strerror(errno)))")
        }
        if place.version == .v2 {
            // v2 groups get a controller only from their parent's subtree_control; a non-root parent with
            // processes of its own (this front) cannot hand it on.
            let control = place.directory + "/cgroup.subtree_control"
            let enabled = (try? String(contentsOfFile: control, encoding: .utf8))?.split(whereSeparator: \.isWhitespace).contains("cpu") ?? false
            if !enabled, case let failed = write("+cpu", to: control), failed != 0 {
                let reason = String(cString: strerror(failed))
                rmdir(directory)
                throw Unavailable(description: "cannot give \(place.directory)'s groups the cpu controller: \(reason)")
            }
        }
        guard access(directory + "/cgroup.procs", W_OK) == 0 else {
            let reason = String(cString: strerror(errno))
            rmdir(directory)
            throw Unavailable(description: "cannot write \(directory)/cgroup.procs: \(reason)")
        }
        return BrowserCPUGroup(directory: directory, made: true)
    }

    /// Puts the process `pid` (all its threads) in the group; its children are born in it.
    public func admit(_ pid: pid_t) throws {
        let failed = Self.write(String(pid), to: directory + "/cgroup.procs")
        guard failed == 0 else {
            throw Unavailable(description: "cannot put \(pid) in \(directory): \(String(cString: strerror(failed)))")
        }
    }

    /// Removes a group this front made, once its last browser has left it (waits `patience` at most for
    /// browsers still ending; a group still holding some is left, and the next front removes it).
    public func remove(patience: Duration = .seconds(3), logger: Logger) {
        guard made else { return }
        let deadline = ContinuousClock.now + patience
        while rmdir(directory) != 0 {
            guard errno == EBUSY, ContinuousClock.now < deadline else {
                logger.notice("the browsers' cpu group \(directory) is left (\(String(cString: strerror(errno)))); the next front removes it")
                return
            }
            usleep(50_000)
        }
    }

    /// Removes the empty groups named after fronts that no longer run (a front killed before its end).
    static func removeLeftovers(in parent: String) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? [] where name.hasPrefix(namePrefix) {
            guard let pid = pid_t(name.dropFirst(namePrefix.count)), pid > 0 else { continue }
            if kill(pid, 0) == 0 || errno == EPERM { continue }
            rmdir(parent + "/" + name)  // fails, and stays, while anything is in it
        }
    }

    /// Writes `text` to a control file at once: 0, or the error number.
    private static func write(_ text: String, to path: String) -> Int32 {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return errno }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
        return written == bytes.count ? 0 : written < 0 ? errno : EIO
    }
}

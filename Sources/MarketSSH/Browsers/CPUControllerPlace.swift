/// Where a process's own group of the kernel's cpu controller is in the file system, read from its
/// `/proc/PID/cgroup` and `/proc/PID/mountinfo` (cgroup v1, where the cpu controller has a hierarchy of its own,
/// or v2, where one hierarchy holds every controller it has been given).
///
/// Pure: the two files' texts in, a directory or the reason there is none out (`BrowserCPUGroup` acts on it).
public struct CPUControllerPlace: Equatable, Sendable {
    /// Which cgroup version the cpu controller was found in.
    public enum Version: Equatable, Sendable { case v1, v2 }

    /// The directory of the process's own cpu group (`/sys/fs/cgroup/cpu` for the root of a v1 hierarchy).
    public var directory: String
    public var version: Version
    /// Whether that group is its hierarchy's root (where the kernel schedules each session as a group of its own,
    /// `kernel.sched_autogroup_enabled`).
    public var isRoot: Bool

    /// Why no place was found.
    public enum Missing: Error, Equatable, Sendable, CustomStringConvertible {
        /// Neither a v1 hierarchy with `cpu` nor a v2 one is listed for the process.
        case noController
        /// The hierarchy is not mounted where this process can see it (or its group is outside the mount's root).
        case notMounted

        public var description: String {
            switch self {
            case .noController: "no cpu controller is listed in /proc/self/cgroup"
            case .notMounted: "the cpu controller's hierarchy is not mounted where this process sees it"
            }
        }
    }

    /// The place from `/proc/self/cgroup` (`cgroups`) and `/proc/self/mountinfo` (`mounts`). A v1 hierarchy with
    /// `cpu` among its controllers wins over v2 (on a hybrid system the controller lives in v1); v2 is used when its
    /// root lists `cpu` among `controllers` (the text of its `cgroup.controllers`, asked only for v2).
    public static func find(
        cgroups: String, mounts: String, controllers: (_ mountPoint: String) -> String?
    ) -> Result<CPUControllerPlace, Missing> {
        var v1Path: String?
        var v2Path: String?
        for line in cgroups.split(separator: "\n") {
            // hierarchy-ID:controller-list:path (the path may hold colons)
            let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3, fields[2].hasPrefix("/") else { continue }
            if fields[0] == "0", fields[1].isEmpty {
                v2Path = String(fields[2])
            } else if fields[1].split(separator: ",").contains("cpu") {
                v1Path = String(fields[2])
            }
        }
        let mountList = mounts.split(separator: "\n").compactMap(Mount.init)
        if let v1Path {
            guard let mount = mountList.first(where: { $0.type == "cgroup" && $0.superOptions.contains("cpu") }),
                let directory = mount.directory(of: v1Path)
            else { return .failure(.notMounted) }
            return .success(CPUControllerPlace(directory: directory, version: .v1, isRoot: v1Path == "/"))
        }
        if let v2Path {
            guard let mount = mountList.first(where: { $0.type == "cgroup2" }), let directory = mount.directory(of: v2Path)
            else { return .failure(.notMounted) }
            guard let listed = controllers(mount.point), listed.split(whereSeparator: \.isWhitespace).contains("cpu") else {
                return .failure(.noController)
            }
            return .success(CPUControllerPlace(directory: directory, version: .v2, isRoot: v2Path == "/"))
        }
        return .failure(.noController)
    }

    /// One line of mountinfo: `ID parent major:minor root mount-point options [optional…] - type source super-options`.
    struct Mount {
        var root: String
        var point: String
        var type: String
        var superOptions: [Substring]

        init?(_ line: Substring) {
            let fields = line.split(separator: " ")
            guard let dash = fields.firstIndex(of: "-"), dash >= 6, fields.count >= dash + 4 else { return nil }
            root = Self.unescaped(fields[3])
            point = Self.unescaped(fields[4])
            type = String(fields[dash + 1])
            superOptions = fields[dash + 3].split(separator: ",")
        }

        /// The directory of the group at `path` (relative to the hierarchy's root) under this mount, when the
        /// mount shows it.
        func directory(of path: String) -> String? {
            let inside: Substring
            if root == "/" {
                inside = path[...]
            } else if path == root {
                inside = ""
            } else if path.hasPrefix(root + "/") {
                inside = path.dropFirst(root.count)
            } else {
                return nil
            }
            let trimmed = inside.drop { $0 == "/" }
            return trimmed.isEmpty ? point : (point.hasSuffix("/") ? point : point + "/") + trimmed
        }

        /// mountinfo writes space, tab, newline and backslash as three octal digits after a backslash.
        static func unescaped(_ field: Substring) -> String {
            guard field.contains("\\") else { return String(field) }
            var bytes: [UInt8] = []
            var utf8 = Array(field.utf8)[...]
            while let byte = utf8.popFirst() {
                if byte == UInt8(ascii: "\\"), utf8.count >= 3, let code = UInt8(String(decoding: utf8.prefix(3), as: UTF8.self), radix: 8) {
                    bytes.append(code)
                    utf8 = utf8.dropFirst(3)
                } else {
                    bytes.append(byte)
                }
            }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}

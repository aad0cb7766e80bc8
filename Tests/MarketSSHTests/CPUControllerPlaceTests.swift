import Foundation
import Testing

@testable import MarketSSH

/// Where the front's own cpu group is, from its `/proc/self/cgroup` and `mountinfo` as kernels write them.
@Suite("CPUControllerPlace: a process's cpu group from /proc")
struct CPUControllerPlaceTests {
    /// This machine's layout: the v1 controllers each mounted under /sys/fs/cgroup, an empty v2 beside them.
    static let hybridMounts = """
        31 23 0:28 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755
        32 31 0:29 / /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu
        33 31 0:30 / /sys/fs/cgroup/cpuacct rw,relatime - cgroup cgroup rw,cpuacct
        35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory
        41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw
        """
    static let hybridCgroups = """
        9:name=systemd:/
        4:memory:/process_api/d9d09f1ad0bb7591b6b815b2f020bce2
        2:cpuacct:/
        1:cpu:/
        0::/
        """

    static func find(_ cgroups: String, _ mounts: String, controllers: String? = nil) -> Result<CPUControllerPlace, CPUControllerPlace.Missing> {
        CPUControllerPlace.find(cgroups: cgroups, mounts: mounts) { _ in controllers }
    }

    @Test("hybrid (v1 cpu, empty v2): the v1 hierarchy's root; v2 is not asked")
    func hybrid() {
        let found = CPUControllerPlace.find(cgroups: Self.hybridCgroups, mounts: Self.hybridMounts) { point in
            Issue.record("v2 asked at \(point)")
            return nil
        }
        #expect(found == .success(CPUControllerPlace(directory: "/sys/fs/cgroup/cpu", version: .v1, isRoot: true)))
    }

    @Test("v1 with cpu and cpuacct in one hierarchy, in a group of its own")
    func combined() {
        let mounts = "25 20 0:22 / /sys/fs/cgroup/cpu,cpuacct rw,nosuid shared:9 - cgroup cgroup rw,cpu,cpuacct\n"
        #expect(
            Self.find("6:cpu,cpuacct:/system.slice/openmarket.service\n", mounts)
                == .success(CPUControllerPlace(directory: "/sys/fs/cgroup/cpu,cpuacct/system.slice/openmarket.service", version: .v1, isRoot: false)))
        // cpuacct alone is not the cpu controller.
        #expect(Self.find("6:cpuacct:/\n", "25 20 0:22 / /sys/fs/cgroup/cpuacct rw - cgroup cgroup rw,cpuacct\n") == .failure(.noController))
    }

    @Test("a container's mount shows its part of the hierarchy: the path is read beneath the mount's root")
    func container() {
        let mounts = "700 690 0:29 /docker/abc /sys/fs/cgroup/cpu ro,nosuid - cgroup cgroup rw,cpu\n"
        #expect(Self.find("1:cpu:/docker/abc\n", mounts) == .success(CPUControllerPlace(directory: "/sys/fs/cgroup/cpu", version: .v1, isRoot: false)))
        #expect(
            Self.find("1:cpu:/docker/abc/inner\n", mounts)
                == .success(CPUControllerPlace(directory: "/sys/fs/cgroup/cpu/inner", version: .v1, isRoot: false)))
        // A group outside what the mount shows, or a name that only begins like its root, is not reachable.
        #expect(Self.find("1:cpu:/docker/other\n", mounts) == .failure(.notMounted))
        #expect(Self.find("1:cpu:/docker/abcdef\n", mounts) == .failure(.notMounted))
    }

    @Test("v2 alone: used when its root lists cpu among its controllers")
    func unified() {
        let mounts = "29 23 0:26 / /sys/fs/cgroup rw,nosuid,nodev,noexec,relatime shared:4 - cgroup2 cgroup2 rw,nsdelegate\n"
        let cgroups = "0::/user.slice/user-1000.slice/session-3.scope\n"
        #expect(
            Self.find(cgroups, mounts, controllers: "cpuset cpu io memory hugetlb pids rdma misc\n")
                == .success(CPUControllerPlace(directory: "/sys/fs/cgroup/user.slice/user-1000.slice/session-3.scope", version: .v2, isRoot: false)))
        #expect(Self.find("0::/\n", mounts, controllers: "cpu memory") == .success(CPUControllerPlace(directory: "/sys/fs/cgroup", version: .v2, isRoot: true)))
        #expect(Self.find(cgroups, mounts, controllers: "hugetlb\n") == .failure(.noController), "cpuset is not cpu")
        #expect(Self.find(cgroups, mounts, controllers: "cpuset") == .failure(.noController))
        #expect(Self.find(cgroups, mounts, controllers: nil) == .failure(.noController), "controllers unreadable")
    }

    @Test("nothing to go on: no cpu line, or no mount for it")
    func missing() {
        #expect(Self.find("", Self.hybridMounts) == .failure(.noController))
        #expect(Self.find("2:cpuacct:/\n", Self.hybridMounts) == .failure(.noController))
        #expect(Self.find("1:cpu:/\n", "31 23 0:28 / /sys/fs/cgroup rw - tmpfs tmpfs rw\n") == .failure(.notMounted))
        #expect(Self.find("0::/a\n", "") == .failure(.notMounted))
        #expect(Self.find("garbage\n1:cpu\n::\n", Self.hybridMounts) == .failure(.noController))
        // Lines that are not mountinfo's are passed by.
        #expect(Self.find("1:cpu:/\n", "- cgroup\n32 31 0:29 / /c - cgroup\n") == .failure(.notMounted))
    }

    @Test("a mount point with a space (written \\040) and a path with a colon")
    func escapes() {
        let mounts = "32 31 0:29 / /srv/cg\\040cpu rw - cgroup cgroup rw,cpu\n"
        #expect(
            Self.find("1:cpu:/a:b\n", mounts) == .success(CPUControllerPlace(directory: "/srv/cg cpu/a:b", version: .v1, isRoot: false)))
    }
}

import Foundation
import Logging
import Mocks
import Testing

@testable import MarketSSH

/// `BrowserCPUGroup`'s choices and its care of the folder it makes groups in (a plain folder here, standing in for
/// a hierarchy; the kernel's own is in `BrowserCPUGroupEndToEndTests`).
@Suite("BrowserCPUGroup: --browser-cpu-group")
struct BrowserCPUGroupTests {
    @Test("auto, off, or an absolute directory; nothing else")
    func choices() {
        #expect(BrowserCPUGroup.Choice(argument: "auto") == .automatic)
        #expect(BrowserCPUGroup.Choice(argument: "off") == .off)
        #expect(BrowserCPUGroup.Choice(argument: "/sys/fs/cgroup/cpu/shop") == .existing("/sys/fs/cgroup/cpu/shop"))
        for wrong in ["", "Auto", "on", "cpu/shop", "./x"] {
            #expect(BrowserCPUGroup.Choice(argument: wrong) == nil, "\(wrong)")
        }
    }

    @Test("groups left by fronts that no longer run are removed when empty; a running front's, a full one and others stay")
    func leftovers() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        // A pid no process has: a child that has been reaped.
        let gone = try SpawnedProcess("/bin/true", [])
        _ = gone.waitForExitBlocking()
        let names = [
            "openmarket-browsers-\(gone.pid)",  // its front is gone, and it is empty: removed
            "openmarket-browsers-\(getpid())",  // a running front's: kept
            "openmarket-browsers-1",  // init's pid: running, kept
            "openmarket-browsers-x", "other-\(gone.pid)",  // not a front's: kept
        ]
        for name in names { try FileManager.default.createDirectory(atPath: folder.path + "/" + name, withIntermediateDirectories: false) }
        // Gone front, but something is still in its group (here a file; in the kernel's, a process): rmdir fails, it stays.
        let full = "openmarket-browsers-\(Int32.max)"
        try FileManager.default.createDirectory(atPath: folder.path + "/" + full + "/inside", withIntermediateDirectories: true)

        BrowserCPUGroup.removeLeftovers(in: folder.path)

        let left = try Set(FileManager.default.contentsOfDirectory(atPath: folder.path))
        #expect(left == Set(names.dropFirst() + [full]))
    }

    @Test("a folder that is no cpu group: nothing made is left behind, and the reason says what failed")
    func notAGroup() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let place = CPUControllerPlace(directory: folder.path, version: .v1, isRoot: true)
        #expect {
            try BrowserCPUGroup.make(beneath: place, pid: 4242)
        } throws: { error in
            "\(error)".contains("cannot write \(folder.path)/openmarket-browsers-4242/cgroup.procs")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)

        // v2: the parent's subtree_control must hand the controller on; a plain file takes the write, a missing one does not.
        let v2 = CPUControllerPlace(directory: folder.path, version: .v2, isRoot: false)
        #expect {
            try BrowserCPUGroup.make(beneath: v2, pid: 4242)
        } throws: { error in
            "\(error)".contains("cannot give \(folder.path)'s groups the cpu controller")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("an existing group this front may not write is an error naming it; off is no group")
    func existing() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let logger = Logger(label: "test")
        #expect(try BrowserCPUGroup.start(.off, logger: logger) == nil)
        #expect {
            try BrowserCPUGroup.start(.existing(folder.path + "/none"), logger: logger)
        } throws: { error in
            "\(error)".contains("--browser-cpu-group \(folder.path)/none: no cgroup.procs")
        }
        // A group (here a folder with the file) that may be written is joined as it is, and never removed.
        FileManager.default.createFile(atPath: folder.path + "/cgroup.procs", contents: nil)
        let group = try #require(try BrowserCPUGroup.start(.existing(folder.path), logger: logger))
        #expect(group.directory == folder.path && !group.made)
        try group.admit(4242)
        #expect(try String(contentsOfFile: folder.path + "/cgroup.procs", encoding: .utf8) == "4242")
        group.remove(patience: .zero, logger: logger)
        #expect(FileManager.default.fileExists(atPath: folder.path + "/cgroup.procs"))
    }
}

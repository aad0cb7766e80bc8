import Foundation
import Mocks
import Testing

/// `openmarket ssh` puts its visitors' browsers in one cpu cgroup of the kernel's (`--browser-cpu-group`), so that
/// a crowd of them weighs as one scheduling group against the front instead of one group each.
@Suite("openmarket ssh's browsers in one cpu group, end to end with OpenSSH and the kernel's cgroups", .serialized)
struct BrowserCPUGroupEndToEndTests {
    let ssh = SSHEndToEndTests()

    /// The process's group in the cpu controller, from its `/proc/PID/cgroup` (v1's cpu line, else v2's).
    static func cpuGroup(of pid: pid_t) -> String? {
        let lines = ((try? String(contentsOfFile: "/proc/\(pid)/cgroup", encoding: .utf8)) ?? "").split(separator: "\n")
        let fields = lines.map { $0.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false) }.filter { $0.count == 3 }
        let v1 = fields.first { $0[1].split(separator: ",").contains("cpu") }
        return (v1 ?? fields.first { $0[0] == "0" }).map { String($0[2]) }
    }

    /// Whether a front of this test's user may make a group: root, with the cpu controller in a v1 hierarchy
    /// (this machine's, and CI's). Elsewhere the front goes on without one and says why (`unavailable`).
    static var frontMayMakeGroups: Bool {
        let lines = ((try? String(contentsOfFile: "/proc/self/cgroup", encoding: .utf8)) ?? "").split(separator: "\n")
        let hasV1CPU = lines.contains { $0.split(separator: ":", maxSplits: 2).dropFirst().first?.split(separator: ",").contains("cpu") == true }
        return geteuid() == 0 && hasV1CPU
    }

    static func joined(_ parent: String, _ name: String) -> String { parent == "/" ? "/" + name : parent + "/" + name }

    @Test("the template and every browser (forked, or spawned when the template died) share the front's group, which goes with the front")
    func shared() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let key = try ssh.makeKey(in: directory)
        let (front, port, _) = try await ssh.startServer(directory)
        defer { front.stop() }
        let frontGroup = try #require(Self.cpuGroup(of: front.pid))
        guard Self.frontMayMakeGroups else {
            try await SessionTemplateEndToEndTests.waitForLog(front, "browsers are scheduled a session group each")
            return
        }
        let expected = Self.joined(frontGroup, "openmarket-browsers-\(front.pid)")
        try await SessionTemplateEndToEndTests.waitForLog(front, "browsers share the cpu group ")
        let line = try #require(front.standardError.split(separator: "\n").first { $0.contains("browsers share the cpu group ") })
        let folder = String(try #require(line.firstMatch(of: /cpu group (\S+)/)?.1))
        #expect(folder.hasSuffix(expected), "\(folder) for \(expected)")
        #expect(FileManager.default.fileExists(atPath: folder + "/cgroup.procs"))

        let template = try #require(SessionTemplateEndToEndTests.templates(of: front.pid).first)
        #expect(Self.cpuGroup(of: template) == expected)
        #expect(Self.cpuGroup(of: front.pid) == frontGroup, "the front stays where it was")

        let forked = try TmuxSession(command: ssh.sshCommand(port: port, key: key, extra: "-t"), columns: 100, rows: 30)
        _ = try await forked.waitFor(text: "20+ products")
        let first = try #require(SessionTemplateEndToEndTests.browsers(of: front.pid).first)
        #expect(Self.cpuGroup(of: first) == expected, "born in the template's group")

        // Without a template for a moment, the next browser is spawned afresh: it joins the group right after.
        kill(template, SIGKILL)
        let deadline = ContinuousClock.now + .seconds(10)
        while SessionTemplateEndToEndTests.templates(of: front.pid).contains(template), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        let spawned = try TmuxSession(command: ssh.sshCommand(port: port, key: key, extra: "-t"), columns: 100, rows: 30)
        _ = try await spawned.waitFor(text: "20+ products")
        let second = try #require(Set(SessionTemplateEndToEndTests.browsers(of: front.pid)).subtracting([first]).first)
        #expect(SessionTemplateEndToEndTests.startingEnvironment(second)["TERM"] != nil, "spawned afresh")
        #expect(Self.cpuGroup(of: second) == expected)
        let next = try #require(SessionTemplateEndToEndTests.templates(of: front.pid).first, "a new template")
        #expect(Self.cpuGroup(of: next) == expected)
        // (A go-between the template forks through may be there for a moment.)
        let members = { Set(((try? String(contentsOfFile: folder + "/cgroup.procs", encoding: .utf8)) ?? "").split(separator: "\n").compactMap { pid_t($0) }) }
        let settled = ContinuousClock.now + .seconds(5)
        while members() != [first, second, next], ContinuousClock.now < settled { try await Task.sleep(for: .milliseconds(50)) }
        #expect(members() == [first, second, next])

        // Visitors still in when the front stops get their goodbye; the group goes once they have left it.
        _ = front.stop()
        #expect(!FileManager.default.fileExists(atPath: folder), "removed at the front's end")
    }

    @Test("--browser-cpu-group off: the browsers stay in the front's own group")
    func off() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let key = try ssh.makeKey(in: directory)
        let (front, port, _) = try await ssh.startServer(directory, options: ["--open", "--browser-cpu-group", "off"])
        defer { front.stop() }
        let visitor = try TmuxSession(command: ssh.sshCommand(port: port, key: key, extra: "-t"), columns: 100, rows: 30)
        _ = try await visitor.waitFor(text: "20+ products")
        let browser = try #require(SessionTemplateEndToEndTests.browsers(of: front.pid).first)
        #expect(Self.cpuGroup(of: browser) == Self.cpuGroup(of: front.pid))
        #expect(!front.standardError.contains("cpu group"), "\(front.standardError.suffix(800))")
        try visitor.send("q")
    }

    @Test("a front killed leaves its group behind; the next front removes it once its browsers are gone")
    func leftover() async throws {
        guard Self.frontMayMakeGroups else { return }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (killed, _, _) = try await ssh.startServer(directory)
        try await SessionTemplateEndToEndTests.waitForLog(killed, "browsers share the cpu group ")
        let line = try #require(killed.standardError.split(separator: "\n").first { $0.contains("browsers share the cpu group ") })
        let folder = String(try #require(line.firstMatch(of: /cpu group (\S+)/)?.1))
        _ = killed.stop(signal: SIGKILL)
        // Its template ends as its socket closes (the front's end closed it), and leaves the group empty.
        let procs = folder + "/cgroup.procs"
        let deadline = ContinuousClock.now + .seconds(10)
        while (try? String(contentsOfFile: procs, encoding: .utf8))?.isEmpty == false, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }

        let other = try TemporaryDirectory()
        defer { other.remove() }
        let (next, _, _) = try await ssh.startServer(other)
        defer { next.stop() }
        try await SessionTemplateEndToEndTests.waitForLog(next, "browsers share the cpu group ")
        // (Any front starting meanwhile, another test's, may have removed it first: either way, it is gone.)
        #expect(!FileManager.default.fileExists(atPath: folder), "removed by the next front")
    }
}

import Foundation
import Mocks
import Testing

/// `openmarket ssh` forks each visitor's browser from its warm session template: what the visitor gets is the
/// browser a spawned one would be, and a template that fails costs no visitor their session.
@Suite("openmarket ssh's session template, end to end with OpenSSH", .serialized)
struct SessionTemplateEndToEndTests {
    let ssh = SSHEndToEndTests()

    /// The front's children: pid → (command line, `/proc/PID/stat` fields after the name).
    static func children(of front: pid_t) -> [pid_t: (arguments: [String], stat: [Substring])] {
        var found: [pid_t: (arguments: [String], stat: [Substring])] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = pid_t(name), let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")"), let command = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline")
            else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 20, pid_t(fields[1]) == front else { continue }
            found[pid] = (command.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }, fields)
        }
        return found
    }

    /// The children that run `openmarket session-template …`, and those that run `openmarket browse …`.
    static func templates(of front: pid_t) -> [pid_t] {
        children(of: front).filter { $0.value.arguments.dropFirst().first == "session-template" }.map(\.key).sorted()
    }

    static func browsers(of front: pid_t) -> [pid_t] {
        children(of: front).filter { $0.value.arguments.dropFirst().first == "browse" }.map(\.key).sorted()
    }

    /// The variables a process started with (`/proc/PID/environ`): a spawned browser's own, a forked one's
    /// template's (the browser's own are set after the fork, where /proc does not show them).
    static func startingEnvironment(_ pid: pid_t) -> [String: String] {
        var environment: [String: String] = [:]
        for entry in FileManager.default.contents(atPath: "/proc/\(pid)/environ")?.split(separator: 0) ?? [] {
            let text = String(decoding: entry, as: UTF8.self)
            if let equals = text.firstIndex(of: "=") { environment[String(text[..<equals])] = String(text[text.index(after: equals)...]) }
        }
        return environment
    }

    static func value(_ field: String, ofStatusOf pid: pid_t) -> String? {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        return status.split(separator: "\n").first { $0.hasPrefix(field + ":") }.map { String($0.dropFirst(field.count + 1)).trimmingCharacters(in: .whitespaces) }
    }

    /// Waits for `text` in the front's log (its lines are written a moment after they are made).
    static func waitForLog(_ front: SpawnedProcess, _ text: String) async throws {
        let deadline = ContinuousClock.now + .seconds(20)
        while !front.standardError.contains(text), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(50)) }
        #expect(front.standardError.contains(text), "\(front.standardError.suffix(1500))")
    }

    @Test("two visitors' browsers forked from one single-threaded template: each the front's child, leading a session on its own terminal, in its visitor's language and size, within the kernel's limits")
    func forked() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let key = try ssh.makeKey(in: directory)
        let (front, port, _) = try await ssh.startServer(directory)
        defer { front.stop() }
        let template = try #require(Self.templates(of: front.pid).first, "a template: \(Self.children(of: front.pid))")
        try await Self.waitForLog(front, "session template \(template) started")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(template)/fd/0") == "/dev/null")

        let english = try TmuxSession(command: ssh.sshCommand(port: port, key: key, extra: "-t"), columns: 100, rows: 30)
        let korean = try TmuxSession(
            command: ssh.sshCommand(port: port, key: key, extra: "-t -o SetEnv=LANG=ko_KR.UTF-8"), columns: 70, rows: 20)
        let englishScreen = try await english.waitFor(text: "20+ products")
        let koreanScreen = try await korean.waitFor(text: "상품 20+개")
        #expect(englishScreen.split(separator: "\n").first?.count ?? 0 > 70, "the first visitor's 100 columns")
        #expect(!koreanScreen.contains("20+ products"), "the second visitor's own language")

        let browsers = Self.browsers(of: front.pid)
        #expect(browsers.count == 2, "\(Self.children(of: front.pid))")
        #expect(Self.templates(of: front.pid) == [template], "the same template forked both")
        // Its warm-up asked the market (the health route is the warm-up's alone) on a thread it then retired: it has
        // one thread, forks as it started, and never had to start again without the network part.
        try await Self.waitForLog(front, "GET /healthChecker 200")
        #expect(Self.value("Threads", ofStatusOf: template) == "1", "a template forks only while it has one thread")
        #expect(Self.startingEnvironment(template)["OPENMARKET_TEMPLATE_OFFLINE"] == nil)
        #expect(!front.standardError.contains("threads after its warm-up"), "\(front.standardError.suffix(1500))")
        for browser in browsers {
            let stat = try #require(Self.children(of: front.pid)[browser]?.stat)
            #expect(pid_t(stat[3]) == browser, "a session leader (sid = pid)")
            let terminal = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(browser)/fd/0")
            #expect(terminal.hasPrefix("/dev/pts/"), "on its own terminal: \(terminal)")
            // Forked, not spawned: it started with its template's variables (no TERM: that one is its visitor's).
            #expect(Self.startingEnvironment(browser)["TERM"] == nil)
            let limits = try String(contentsOfFile: "/proc/\(browser)/limits", encoding: .utf8)
            #expect(limits.contains("Max cpu time              600"), "\(limits)")
            #expect(limits.contains("Max core file size        0"), "\(limits)")
            let descriptors = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(browser)/fd")
            #expect(descriptors.count < 40, "nothing of the template's or the front's beyond its own: \(descriptors.count)")
        }
        let terminals = try Set(browsers.map { try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\($0)/fd/0") })
        #expect(terminals.count == 2, "a terminal each")
        try english.send("q")
        try korean.send("q")
        try await english.waitFor("the first session's end") { $0.contains("EXITED:0") || $0.contains("Connection to") }
        let deadline = ContinuousClock.now + .seconds(20)
        while !Self.browsers(of: front.pid).isEmpty, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(100)) }
        #expect(Self.browsers(of: front.pid).isEmpty, "both reaped by the front")
        try await Self.waitForLog(front, "status=0")  // the front read their exit status
    }

    @Test("a template killed under the front: the next visitor is served all the same (spawned), a new template starts, and the visitor after is forked from it")
    func templateDies() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let key = try ssh.makeKey(in: directory)
        let (front, port, _) = try await ssh.startServer(directory)
        defer { front.stop() }
        let first = try #require(Self.templates(of: front.pid).first)
        kill(first, SIGKILL)
        let deadline = ContinuousClock.now + .seconds(10)
        while Self.templates(of: front.pid).contains(first), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(50)) }

        let next = try TmuxSession(command: ssh.sshCommand(port: port, key: key, extra: "-t"), columns: 100, rows: 30)
        _ = try await next.waitFor(text: "20+ products")
        try await Self.waitForLog(front, "session template \(first) failed")
        let spawned = try #require(Self.browsers(of: front.pid).first)
        #expect(Self.startingEnvironment(spawned)["TERM"] != nil, "spawned afresh, with its visitor's variables from the start")

        let second = try #require(Self.templates(of: front.pid).first, "a new template")
        #expect(second != first)
        let after = try TmuxSession(command: ssh.sshCommand(port: port, key: key, extra: "-t"), columns: 100, rows: 30)
        _ = try await after.waitFor(text: "20+ products")
        let forked = try #require(Set(Self.browsers(of: front.pid)).subtracting([spawned]).first)
        #expect(Self.startingEnvironment(forked)["TERM"] == nil, "forked from the new template")
        try next.send("q")
        try after.send("q")
    }

    @Test("--no-session-template: no template; every browser spawned afresh, with its own variables from the start")
    func withoutTemplate() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let key = try ssh.makeKey(in: directory)
        let (front, port, _) = try await ssh.startServer(directory, options: ["--open", "--no-session-template"])
        defer { front.stop() }
        #expect(Self.templates(of: front.pid).isEmpty)
        let visitor = try TmuxSession(command: ssh.sshCommand(port: port, key: key, extra: "-t"), columns: 100, rows: 30)
        _ = try await visitor.waitFor(text: "20+ products")
        let browser = try #require(Self.browsers(of: front.pid).first)
        #expect(Self.startingEnvironment(browser)["TERM"] != nil, "its visitor's TERM from the start")
        #expect(Self.templates(of: front.pid).isEmpty)
        try visitor.send("q")
    }

    /// The nice of a process's session group (`/proc/PID/autogroup`: `/autogroup-N nice K`), and the group's name;
    /// the root group (init's session, a CI runner's: an empty file) is named "root", with no nice of its own.
    static func group(of pid: pid_t) -> (name: Substring, nice: Int?)? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/autogroup", encoding: .utf8) else { return nil }
        let words = text.split(whereSeparator: \.isWhitespace)
        if words.isEmpty { return ("root", nil) }
        guard words.count == 3, let nice = Int(words[2]) else { return nil }
        return (words[0], nice)
    }

    /// Whether this process (and so a front it starts) holds `CAP_SYS_NICE` (bit 23 of `CapEff` in
    /// `/proc/self/status`): root in a container may not.
    static func mayLowerNice() -> Bool {
        guard let effective = value("CapEff", ofStatusOf: getpid()), let bits = UInt64(effective, radix: 16) else { return false }
        return bits & (1 << 23) != 0
    }

    @Test("a front that leads its session weighs ten nice levels above each browser: its group at -10, a visitor's browser's at 0; a front started inside another's session leaves that group as it was")
    func weight() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let autogroups = (try? String(contentsOfFile: "/proc/sys/kernel/sched_autogroup_enabled", encoding: .utf8))?.hasPrefix("1") == true
        let key = try ssh.makeKey(in: directory)
        let (front, port, _) = try await ssh.startServer(directory, newSession: true)
        defer { front.stop() }
        guard autogroups else {
            try await Self.waitForLog(front, "no autogroups")
            return
        }
        guard Self.mayLowerNice() else {
            try await Self.waitForLog(front, "needs root or CAP_SYS_NICE")
            return
        }
        try await Self.waitForLog(front, "the front's session group runs at nice -10 against its browsers' 0")
        let frontGroup = try #require(Self.group(of: front.pid))
        #expect(frontGroup.nice == -10)
        let visitor = try TmuxSession(command: ssh.sshCommand(port: port, key: key, extra: "-t"), columns: 100, rows: 30)
        _ = try await visitor.waitFor(text: "20+ products")
        let browser = try #require(Self.browsers(of: front.pid).first)
        let browserGroup = try #require(Self.group(of: browser))
        #expect(browserGroup.nice == 0 && browserGroup.name != frontGroup.name, "a group of its own at 0: \(browserGroup)")
        try visitor.send("q")

        let mine = try #require(Self.group(of: getpid()))
        let inside = try TemporaryDirectory()
        defer { inside.remove() }
        let (shared, _, _) = try await ssh.startServer(inside)
        defer { shared.stop() }
        try await Self.waitForLog(shared, "the front shares the session group of what started it")
        #expect(Self.group(of: shared.pid)?.name == mine.name)
        #expect(Self.group(of: getpid())?.nice == mine.nice, "the caller's group left as it was")
    }

    @Test("openmarket session-template started by hand says who starts it, and exits 64")
    func byHand() async throws {
        let process = try SpawnedProcess(BuiltProducts.openmarket, ["session-template"])
        #expect(await process.waitForExit() == 64)
        #expect(process.standardError.contains("is started by `openmarket ssh`, not by hand"), "\(process.standardError)")
    }
}

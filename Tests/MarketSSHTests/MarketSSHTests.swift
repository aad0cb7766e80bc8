import Foundation
import Logging
import Mocks
import NIOConcurrencyHelpers
import NIOSSH
import Testing

@testable import MarketSSH

@Suite("SSH pieces")
struct MarketSSHTests {
    @Test("the host key is created once, kept 0600, and its fingerprint matches ssh-keygen's")
    func hostKey() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("ssh_host_ed25519_key")
        let first = try HostKeyStore.loadOrCreate(at: file)
        let again = try HostKeyStore.loadOrCreate(at: file)
        #expect(first.publicKey == again.publicKey)
        #expect((try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int) == 0o600)
        let publicFile = directory.url.appendingPathComponent("key.pub")
        try (String(openSSHPublicKey: first.publicKey) + "\n").write(to: publicFile, atomically: true, encoding: .utf8)
        let (status, printed) = try SpawnedProcess.run("/usr/bin/ssh-keygen", ["-l", "-f", publicFile.path])
        #expect(status == 0)
        #expect(printed.contains(HostKeyStore.fingerprint(first.publicKey)), "\(printed)")
    }

    @Test("fronts sharing one key file and starting at once all get the one key that was written")
    func sharedHostKey() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("keys/shared_host_key")
        let keys = await withTaskGroup(of: String?.self) { group in
            for _ in 0..<16 {
                group.addTask { (try? HostKeyStore.loadOrCreate(at: file)).map { String(openSSHPublicKey: $0.publicKey) } }
            }
            return await group.reduce(into: [String?]()) { $0.append($1) }
        }
        #expect(keys.count == 16 && !keys.contains(nil))
        #expect(Set(keys).count == 1, "one key for all")
        #expect(try HostKeyStore.loadOrCreate(at: file).publicKey == (try HostKeyStore.load(file)).publicKey)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
        #expect(leftovers == ["shared_host_key"], "no temporary files left behind")
    }

    @Test("a key file that is not a key is an error naming it, and is never overwritten")
    func corruptHostKey() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("ssh_host_ed25519_key")
        try "-----BEGIN OPENSSH PRIVATE KEY-----\nnot ours\n".write(to: file, atomically: true, encoding: .utf8)
        #expect {
            try HostKeyStore.loadOrCreate(at: file)
        } throws: { error in
            (error as? HostKeyError)?.description.contains("is not an openmarket host key") == true
        }
        #expect(try String(contentsOf: file, encoding: .utf8).contains("not ours"))
    }

    @Test("authorized_keys: keys with comments, comments and junk lines skipped")
    func authorizedKeys() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let key = NIOSSHPrivateKey(ed25519Key: .init()).publicKey
        let other = NIOSSHPrivateKey(ed25519Key: .init()).publicKey
        let file = directory.url.appendingPathComponent("authorized_keys")
        try "# mine\n\n\(String(openSSHPublicKey: key)) jeju-tangerines\nnot a key at all\n"
            .write(to: file, atomically: true, encoding: .utf8)
        let keys = try AuthorizedKeys(contentsOf: file)
        #expect(keys.count == 1)
        #expect(keys.contains(key) && !keys.contains(other))
        #expect(keys.comment(forFingerprint: HostKeyStore.fingerprint(key)) == "jeju-tangerines")
    }

    @Test("a connection's startup ends once, at its first session or when it closes; idleness counts from the last session")
    func connectionLifecycle() {
        let start = ContinuousClock.now
        let connection = ConnectionInfo(address: "10.0.0.1", now: start)
        #expect(!connection.hasBeenWithoutSession(longerThan: .seconds(30), now: start + .seconds(29)))
        #expect(connection.hasBeenWithoutSession(longerThan: .seconds(30), now: start + .seconds(31)))
        #expect(connection.sessionStarted(), "the first session ends the startup")
        #expect(!connection.sessionStarted(), "a second session does not")
        #expect(!connection.closeStartup(), "nothing left to return at close")
        #expect(!connection.hasBeenWithoutSession(longerThan: .seconds(30), now: start + .seconds(100)))
        connection.sessionEnded(now: start + .seconds(100))
        #expect(!connection.hasBeenWithoutSession(longerThan: .seconds(30), now: start + .seconds(129)), "one still open")
        connection.sessionEnded(now: start + .seconds(110))
        #expect(!connection.hasBeenWithoutSession(longerThan: .seconds(30), now: start + .seconds(139)))
        #expect(connection.hasBeenWithoutSession(longerThan: .seconds(30), now: start + .seconds(141)))
        let closed = ConnectionInfo(address: "10.0.0.2")
        #expect(closed.closeStartup())
        #expect(!closed.closeStartup(), "returned once")
    }

    @Test("a connection's next look: when it could first be found silent or without a session; none while a session is open; the last session's end calls for one")
    func connectionNextLook() {
        let start = ContinuousClock.now
        let connection = ConnectionInfo(address: "10.0.0.3", now: start)
        #expect(connection.nextLook(silence: .seconds(10), grace: .seconds(30)) == start + .seconds(10), "silent so far")
        connection.heardFrom()
        #expect(connection.nextLook(silence: .seconds(10), grace: .seconds(30)) == start + .seconds(30), "spoken, no session yet")
        let calls = NIOLockedValueBox(0)
        connection.whenWithoutSession { calls.withLockedValue { $0 += 1 } }
        _ = connection.sessionStarted()
        _ = connection.sessionStarted()
        #expect(connection.nextLook(silence: .seconds(10), grace: .seconds(30)) == nil)
        connection.sessionEnded(now: start + .seconds(50))
        #expect(calls.withLockedValue { $0 } == 0, "one session still open")
        #expect(connection.nextLook(silence: .seconds(10), grace: .seconds(30)) == nil)
        connection.sessionEnded(now: start + .seconds(60))
        #expect(calls.withLockedValue { $0 } == 1)
        #expect(connection.nextLook(silence: .seconds(10), grace: .seconds(30)) == start + .seconds(90))
        connection.whenWithoutSession(nil)
        _ = connection.sessionStarted()
        connection.sessionEnded(now: start + .seconds(70))
        #expect(calls.withLockedValue { $0 } == 1, "no call once cleared")
    }

    @Test("a descriptor that is not a terminal has no terminal path: an error, not a crash")
    func notATerminal() throws {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer { ends.forEach { close($0) } }
        #expect(throws: POSIXError.self) { try PseudoTerminal.path(ofTerminal: ends[0]) }
    }

    @Test("a browser holds its terminal and its one inherited descriptor, nothing of the front's or of other sessions")
    func nothingInherited() throws {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer { ends.forEach { close($0) } }
        let other = try PseudoTerminal(executable: "/bin/sleep", arguments: ["5"], environment: [:], columns: 80, rows: 24)
        defer {
            other.signal(SIGKILL)
            _ = other.waitForExit()
            other.closeMaster()
        }
        let spare = dup(other.master)  // a session's duplicate, as the bridge holds one
        defer { close(spare) }
        for inherited in [nil, (descriptor: ends[1], as: Int32(3))] as [(descriptor: Int32, as: Int32)?] {
            let terminal = try PseudoTerminal(
                executable: "/bin/ls", arguments: ["/proc/self/fd"], environment: [:], columns: 80, rows: 24,
                inherited: inherited)
            let listed = terminal.readToEnd()
            _ = terminal.waitForExit()
            terminal.closeMaster()
            let descriptors = Set(listed.split(whereSeparator: { $0 == " " || $0 == "\r" || $0 == "\n" }).compactMap { Int($0) })
            let expected: Set<Int> = inherited == nil ? [0, 1, 2] : [0, 1, 2, 3]
            #expect(descriptors == expected, "\(listed)")
        }
    }

    @Test("the child is a session leader whose controlling terminal is the pty")
    func sessionLeader() throws {
        let terminal = try PseudoTerminal(
            executable: "/bin/sleep", arguments: ["5"], environment: [:], columns: 80, rows: 24)
        defer {
            terminal.signal(SIGKILL)
            _ = terminal.waitForExit()
            terminal.closeMaster()
        }
        // /proc/PID/stat: pid (comm) state ppid pgrp session tty_nr …
        var fields: [Substring] = []
        let deadline = ContinuousClock.now + .seconds(60)  // ends at the first match; a loaded machine is slow
        while ContinuousClock.now < deadline {
            let stat = try String(contentsOfFile: "/proc/\(terminal.pid)/stat", encoding: .utf8)
            fields = stat[stat.index(after: stat.lastIndex(of: ")")!)...].split(separator: " ")
            if fields.count > 4, Int32(fields[3]) == terminal.pid { break }  // after setsid in the child
            Thread.sleep(forTimeInterval: 0.01)
        }
        #expect(Int32(fields[3]) == terminal.pid, "session id is the child's own pid")
        #expect(Int(fields[4]) != 0, "it has a controlling terminal")
    }

    @Test("once the child has exited, no signal is sent under its pid (it may belong to another process by then)")
    func noSignalAfterExit() throws {
        let terminal = try PseudoTerminal(executable: "/bin/true", arguments: [], environment: [:], columns: 80, rows: 24)
        #expect(terminal.waitForExit() == 0)
        terminal.closeMaster()
        let before = terminal.signalCount
        #expect(!terminal.signal(SIGKILL))
        terminal.hangUp(grace: .milliseconds(10))
        Thread.sleep(forTimeInterval: 0.2)
        #expect(terminal.signalCount == before)
    }

    @Test("a pseudo-terminal asked for 0×0 or 10000×10000 gives its child 1×1 or 500 columns by 250 rows")
    func extremeSizes() throws {
        for (columns, rows, expected) in [(0, 0, "1 1"), (10_000, 10_000, "250 500"), (80, 24, "24 80")] {
            let terminal = try PseudoTerminal(
                executable: "/bin/stty", arguments: ["size"], environment: ["PATH": "/bin:/usr/bin"], columns: columns,
                rows: rows)
            var output = ""
            var buffer = [UInt8](repeating: 0, count: 256)
            let deadline = Date().addingTimeInterval(60)  // ends at the first line; a loaded machine is slow
            while Date() < deadline {
                let n = read(terminal.master, &buffer, buffer.count)
                if n <= 0 { break }
                output += String(decoding: buffer.prefix(n), as: UTF8.self)
                if output.contains("\n") { break }
            }
            _ = terminal.waitForExit()
            terminal.closeMaster()
            #expect(output.trimmingCharacters(in: .whitespacesAndNewlines) == expected, "\(columns)×\(rows) → \(output)")
        }
    }

    @Test("window changes reach the child's terminal")
    func resize() throws {
        let terminal = try PseudoTerminal(
            executable: "/bin/sh", arguments: ["-c", "sleep 0.5; stty size"], environment: ["PATH": "/bin:/usr/bin"],
            columns: 80, rows: 24)
        terminal.resize(columns: 132, rows: 50)
        var output = ""
        var buffer = [UInt8](repeating: 0, count: 256)
        while !output.contains("\n") {
            let n = read(terminal.master, &buffer, buffer.count)
            if n <= 0 { break }
            output += String(decoding: buffer.prefix(n), as: UTF8.self)
        }
        _ = terminal.waitForExit()
        terminal.closeMaster()
        #expect(output.trimmingCharacters(in: .whitespacesAndNewlines) == "50 132")
    }
}

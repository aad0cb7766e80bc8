import Foundation
import Mocks
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The hardened alternative to `openmarket ssh`: Debian's OpenSSH server in front, run with the
/// README's configuration (docs/openssh/sshd_config, its "This host" part replaced) as a throwaway
/// sshd on a loopback port, each session the browser against `openmarket serve`.
@Suite("OpenSSH in front of openmarket, end to end", .serialized)
struct OpenSSHFrontTests {
    static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/openssh")
    static let sshAudit = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(".build-tools/venv/bin/ssh-audit").path

    /// A folder sshd accepts for its key command: owned by root and writable by nobody else all the way
    /// up (so not under /tmp). Tests run as root, as CI does.
    struct RootFolder {
        let path: String
        init() throws {
            path = "/run/openmarket-sshd-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            guard mkdir(path, 0o755) == 0 else { throw SpawnError("cannot make \(path): errno \(errno)") }
            chmod(path, 0o755)
        }
        func remove() { try? FileManager.default.removeItem(atPath: path) }
    }

    /// The repository's sshd_config with its "This host" part replaced by this test's.
    static func configuration(site: String) throws -> String {
        let text = try String(contentsOf: docs.appendingPathComponent("sshd_config"), encoding: .utf8)
        let start = try #require(text.range(of: "# --- This host"))
        let end = try #require(text.range(of: "# --- Cryptography"))
        return text[..<start.lowerBound] + site + "\n" + text[end.lowerBound...]
    }

    @Test("sshd with the README's configuration: a listed key writes as its vendor, any other key browses read-only, nothing else runs; ssh-audit finds no failure")
    func openSSHFront() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let root = try RootFolder()
        defer { root.remove() }

        // The market server the sessions browse.
        let market = try SpawnedProcess(
            BuiltProducts.openmarket, ["serve", "--port", "0", "--data-dir", directory.path, "--log-level", "warning"])
        defer { market.stop() }
        let output = try await market.waitForOutput { $0.contains("Stop with Ctrl-C") }
        let url = String(try #require(output.firstMatch(of: /on (http:\/\/127\.0\.0\.1:\d+)/)?.1))
        let identifier = String(try #require(output.firstMatch(of: /identifier ([0-9a-f-]{36})/)?.1))
        let secret = String(try #require(output.firstMatch(of: /secret +(\S+)/)?.1))

        // Keys: the host's, a vendor's, a visitor's.
        for name in ["host", "vendor", "visitor"] {
            let made = try SpawnedProcess.run("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", "\(root.path)/\(name)"])
            #expect(made.status == 0)
        }
        let vendorKey = try String(contentsOfFile: "\(root.path)/vendor.pub", encoding: .utf8)
            .split(separator: " ").prefix(2).joined(separator: " ")
        let command = "env OPENMARKET_IDENTIFIER=\(identifier) OPENMARKET_SECRET=\(secret) \(BuiltProducts.openmarket) browse --server \(url)"
        try "restrict,pty,command=\"\(command)\" \(vendorKey) vendor@test\n"
            .write(toFile: "\(root.path)/vendor_keys", atomically: true, encoding: .utf8)
        let keys = "\(root.path)/openmarket-keys"
        try FileManager.default.copyItem(atPath: Self.docs.appendingPathComponent("openmarket-keys").path, toPath: keys)
        chmod(keys, 0o755)

        let port = try RawSocket.freePort()
        let site = """
            # --- This host: the test's ---
            ListenAddress 127.0.0.1:\(port)
            HostKey \(root.path)/host
            PidFile \(root.path)/sshd.pid
            AllowUsers root
            PermitRootLogin forced-commands-only
            AuthorizedKeysFile none
            AuthorizedKeysCommand \(keys) %t %k \(root.path)/vendor_keys \(url) \(BuiltProducts.openmarket)
            AuthorizedKeysCommandUser root
            """
        let config = "\(root.path)/sshd_config"
        try Self.configuration(site: site).write(toFile: config, atomically: true, encoding: .utf8)
        _ = mkdir("/run/sshd", 0o755)  // privilege separation folder Debian's sshd expects
        let check = try SpawnedProcess.run("/usr/sbin/sshd", ["-t", "-f", config])
        #expect(check.status == 0, "sshd -t accepts the configuration")

        let sshd = try SpawnedProcess("/usr/sbin/sshd", ["-D", "-e", "-f", config])
        defer { sshd.stop() }
        _ = try await sshd.waitForOutput(timeout: .seconds(20)) { _ in
            (try? RawSocket(port: port)) != nil
        }
        func ssh(_ key: String, _ extra: String = "-t") -> String {
            "ssh -p \(port) -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR -o IdentitiesOnly=yes -i \(root.path)/\(key) \(extra) root@127.0.0.1"
        }

        // The vendor's key: the browser, and n opens the register form.
        let vendor = try TmuxSession(command: ssh("vendor"), columns: 100, rows: 30)
        try await vendor.waitFor(text: "20+ products")
        try vendor.send("n")
        try await vendor.waitFor(text: "Register a product")
        try vendor.send("Escape")
        try await vendor.waitFor(text: "20+ products")
        try vendor.send("q")
        try await vendor.waitFor(text: "EXITED:0")

        // Any other key: the browser, read-only.
        let visitor = try TmuxSession(command: ssh("visitor"), columns: 80, rows: 24)
        try await visitor.waitFor(text: "20+ products")
        try visitor.send("n")
        try await visitor.waitFor(text: "This demo is read-only")
        try visitor.send("q")
        try await visitor.waitFor(text: "EXITED:0")

        // Nothing but the browser: a command is ignored for the forced one, forwarding is refused.
        let shell = try SpawnedProcess("/bin/sh", ["-c", ssh("visitor", "-T") + " 'echo SHELL-RAN; id'"])
        let shellStatus = await shell.waitForExit()
        #expect(!shell.standardOutput.contains("SHELL-RAN"), "the client's command never runs")
        #expect(shellStatus != 0, "without a terminal the browser says so and exits non-zero")
        #expect((shell.standardError + shell.standardOutput).contains("needs a terminal"), "the browser says what is missing: \(shell.standardOutput) \(shell.standardError)")
        let forward = try SpawnedProcess(
            "/bin/sh", ["-c", ssh("visitor", "-N -o ExitOnForwardFailure=yes -R 127.0.0.1:0:127.0.0.1:9")])
        #expect(await forward.waitForExit() == 255, "port forwarding is refused")

        // ssh-audit: no failure. Its only warnings are the two classic curve25519 key exchanges, kept beside
        // sntrup761x25519 for clients without it (Windows 10's OpenSSH 8.1, older libraries); any other
        // warning fails here. Exit status 2 is "warnings", 3 "failures" (ssh-audit 3.x).
        #expect(FileManager.default.isExecutableFile(atPath: Self.sshAudit), "make deps installs ssh-audit")
        let audit = try SpawnedProcess(Self.sshAudit, ["--skip-rate-test", "-p", "\(port)", "127.0.0.1"])
        let auditStatus = await audit.waitForExit()
        let report = audit.standardOutput
        #expect(!report.contains("[fail]"), "\(report)")
        #expect(auditStatus == 0 || auditStatus == 2, "ssh-audit exit status \(auditStatus)\n\(report)")
        let warnings = report.split(separator: "\n").filter { $0.contains("[warn]") }
        #expect(warnings.allSatisfy { $0.contains("curve25519-sha256") && $0.contains("post-quantum") }, "\(warnings)")
        #expect(report.contains("sntrup761x25519-sha512@openssh.com"), "the post-quantum key exchange is offered")
    }
}

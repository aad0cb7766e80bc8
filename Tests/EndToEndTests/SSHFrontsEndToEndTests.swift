import Foundation
import Mocks
import Testing

/// Two `openmarket ssh` fronts behind HAProxy in TCP mode, as docs/DEPLOY.md runs them: one shared host
/// key (the fronts start at once and race to create it), the PROXY protocol carrying each client's
/// address, sessions spread over both, and a front going away without a visitor noticing.
@Suite("SSH fronts behind HAProxy, end to end", .serialized)
struct SSHFrontsEndToEndTests {
    /// Starts a front on a free port browsing `server`; returns it and its port and host key fingerprint.
    func startFront(_ folder: TemporaryDirectory, name: String, server: String, hostKey: String) async throws
        -> (process: SpawnedProcess, port: Int, fingerprint: String)
    {
        let process = try SpawnedProcess(
            BuiltProducts.openmarket,
            ["ssh", "--port", "0", "--open", "--server", server, "--data-dir", folder.path + "/" + name, "--host-key", hostKey,
             "--proxy-protocol"])
        let output = try await process.waitForOutput { $0.contains("Stop with Ctrl-C") }
        let port = try #require(output.firstMatch(of: /on 127\.0\.0\.1:(\d+)/).flatMap { Int($0.1) })
        let fingerprint = String(try #require(output.firstMatch(of: /host key (SHA256:\S+)/)?.1))
        return (process, port, fingerprint)
    }

    func ssh(port: Int, knownHosts: String, key: String, _ command: String) throws -> SpawnedProcess {
        try SpawnedProcess(
            "/usr/bin/ssh",
            ["-p", "\(port)", "-b", "127.0.0.5", "-o", "StrictHostKeyChecking=yes", "-o", "UserKnownHostsFile=\(knownHosts)",
             "-o", "LogLevel=ERROR", "-o", "BatchMode=yes", "-i", key, "127.0.0.1", command])
    }

    @Test("one host key for both fronts; sessions spread over both with the client's own address; one front stops, the other serves")
    func twoFronts() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let api = try SpawnedProcess(
            BuiltProducts.openmarket, ["serve", "--port", "0", "--data-dir", folder.path + "/api", "--log-level", "warning"])
        defer { _ = api.stop() }
        let apiOutput = try await api.waitForOutput { $0.contains("Stop with Ctrl-C") }
        let apiPort = try #require(apiOutput.firstMatch(of: /http:\/\/127\.0\.0\.1:(\d+)/).flatMap { Int($0.1) })
        let server = "http://127.0.0.1:\(apiPort)"

        let hostKey = folder.path + "/shared/ssh_host_ed25519_key"
        async let startedA = startFront(folder, name: "a", server: server, hostKey: hostKey)
        async let startedB = startFront(folder, name: "b", server: server, hostKey: hostKey)
        let (a, b) = try await (startedA, startedB)
        defer {
            _ = a.process.stop()
            _ = b.process.stop()
        }
        #expect(a.fingerprint == b.fingerprint, "both fronts present the one key")

        let port = try RawSocket.freePort()
        let config = folder.url.appendingPathComponent("haproxy.cfg")
        try """
            global
              maxconn 256
            defaults
              mode tcp
              timeout connect 2s
              timeout client 60s
              timeout server 60s
            frontend ssh
              bind 127.0.0.1:\(port)
              default_backend fronts
            backend fronts
              balance roundrobin
              server a 127.0.0.1:\(a.port) send-proxy check inter 500ms fall 1 rise 1
              server b 127.0.0.1:\(b.port) send-proxy check inter 500ms fall 1 rise 1

            """.write(to: config, atomically: true, encoding: .utf8)
        let haproxy = try SpawnedProcess("/usr/sbin/haproxy", ["-db", "-f", config.path])
        defer { _ = haproxy.stop() }

        var scan = (status: Int32(-1), output: "")
        for _ in 0..<100 where !scan.output.contains("ssh-ed25519") {
            try await Task.sleep(for: .milliseconds(200))
            scan = try SpawnedProcess.run("/usr/bin/ssh-keyscan", ["-p", "\(port)", "-t", "ed25519", "127.0.0.1"])
        }
        #expect(!haproxy.hasExited, "haproxy runs: \(haproxy.standardError)")
        let knownHosts = folder.url.appendingPathComponent("known_hosts")
        try scan.output.write(to: knownHosts, atomically: true, encoding: .utf8)
        #expect(scan.output.contains("ssh-ed25519"))
        let key = folder.path + "/id_test"
        #expect(try SpawnedProcess.run("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", key]).status == 0)

        for _ in 0..<4 {
            let help = try ssh(port: port, knownHosts: knownHosts.path, key: key, "help")
            #expect(await help.waitForExit() == 0, "strict host key checking passes on whichever front answers")
            #expect(help.standardOutput.contains("Enter      open the product"))
        }
        for front in [a, b] {
            // The log is written in batches: wait for the lines.
            for _ in 0..<100 where !front.process.standardError.contains("ssh request answered") {
                try await Task.sleep(for: .milliseconds(100))
            }
            #expect(front.process.standardError.contains("ssh request answered"), "sessions reach both fronts")
            #expect(front.process.standardError.contains("address=127.0.0.5"), "the client's address, not HAProxy's")
        }

        _ = a.process.stop()
        try await Task.sleep(for: .seconds(1.5))  // HAProxy's check marks it down
        for _ in 0..<2 {
            let help = try ssh(port: port, knownHosts: knownHosts.path, key: key, "help")
            #expect(await help.waitForExit() == 0, "the other front serves")
        }
    }
}

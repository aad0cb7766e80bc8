import Foundation
import Mocks
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `openmarket ssh --open` with a real OpenSSH client inside tmux.
@Suite("openmarket ssh, end to end with OpenSSH", .serialized)
struct SSHEndToEndTests {
    /// Starts `openmarket ssh` on a free port; returns it, the port and the host key fingerprint.
    func startServer(_ directory: TemporaryDirectory, options: [String] = ["--open"], newSession: Bool = false) async throws
        -> (SpawnedProcess, Int, String)
    {
        let process = try SpawnedProcess(
            BuiltProducts.openmarket, ["ssh", "--port", "0", "--data-dir", directory.path] + options, newSession: newSession)
        let output = try await process.waitForOutput { $0.contains("Stop with Ctrl-C") }
        let port = try #require(output.firstMatch(of: /on 127\.0\.0\.1:(\d+)/).flatMap { Int($0.1) })
        let fingerprint = String(try #require(output.firstMatch(of: /host key (SHA256:\S+)/)?.1))
        return (process, port, fingerprint)
    }

    func sshCommand(port: Int, key: String, extra: String = "") -> String {
        "ssh -p \(port) -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR -i \(key) \(extra) 127.0.0.1"
    }

    /// `ssh … help` (no pty), started.
    func askHelp(port: Int, key: String) throws -> SpawnedProcess {
        try SpawnedProcess(
            "/usr/bin/ssh",
            ["-p", "\(port)", "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR",
             "-i", key, "127.0.0.1", "help"])
    }

    func makeKey(in directory: TemporaryDirectory) throws -> String {
        let key = directory.url.appendingPathComponent("id_test").path
        let result = try SpawnedProcess.run("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", key])
        #expect(result.status == 0)
        return key
    }

    @Test("a session shows products; resizing re-lays it out; --open refuses n; q ends the session, logged")
    func session() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (server, port, fingerprint) = try await startServer(directory)
        defer { server.stop() }
        #expect(fingerprint.count > 20)
        let keyFile = directory.url.appendingPathComponent("ssh_host_ed25519_key")
        #expect((try FileManager.default.attributesOfItem(atPath: keyFile.path)[.posixPermissions] as? Int) == 0o600)

        let key = try makeKey(in: directory)
        let tmux = try TmuxSession(command: sshCommand(port: port, key: key, extra: "-t"), columns: 100, rows: 30)
        let first = try await tmux.waitFor(text: "20+ products")
        #expect(first.contains("in stock"))
        try tmux.resize(columns: 140, rows: 40)
        try await tmux.waitFor("the wider layout") { ($0.split(separator: "\n").first?.count ?? 0) > 120 }
        try tmux.send("n")
        try await tmux.waitFor(text: "This demo is read-only")
        try tmux.send("q")
        try await tmux.waitFor(text: "EXITED:0")
        try await Task.sleep(for: .milliseconds(500))
        let log = server.standardError
        #expect(log.contains("ssh session start user="))
        #expect(log.contains("term=tmux-256color size=100x30"))
        #expect(log.contains("ssh session end"))
    }

    @Test("on its own market, each visitor's browser follows the changes on the front's local socket, not over HTTP: an edit shows in place on both; the socket's folder is the front's user's alone, and goes when the front stops")
    func changeSocket() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (server, port, _) = try await startServer(directory)
        defer { server.stop() }
        let market = LiveHTTP(base: String(try #require(server.standardOutput.firstMatch(of: /market: (http:\/\/127\.0\.0\.1:\d+)/)?.1)))
        let vendor = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: directory.url.appendingPathComponent("demo-vendor.json"))) as? [String: Any])
        let (identifier, secret) = (try #require(vendor["identifier"] as? String), try #require(vendor["secret"] as? String))
        let first = try #require((try await market.send("GET", "/api/products?items_per_page=1&page_no=1").json()["pages"] as? [[String: Any]])?.first)
        let id = try #require(first["id"] as? Int)

        // A fresh market makes its demo pictures first: some 400 changes at once, more than a socket's buffer holds
        // for a browser still busy with its first page (it would be cut off, and follow over HTTP from there).
        let made = ContinuousClock.now + .seconds(120)
        while !server.standardError.contains("demo pictures in") {
            try #require(ContinuousClock.now < made, "the demo pictures made")
            try await Task.sleep(for: .milliseconds(100))
        }
        let key = try makeKey(in: directory)
        let visitors = try (0..<2).map { _ in try TmuxSession(command: sshCommand(port: port, key: key, extra: "-t"), columns: 100, rows: 30) }
        for visitor in visitors { try await visitor.waitFor(text: "2 here", timeout: .seconds(30)) }
        // The socket the front named to its browsers (its children: the template and the two browsers), with the
        // two browsers' connections beside its listener; in a folder only its user enters.
        let named = try FileManager.default.contentsOfDirectory(atPath: "/proc").compactMap(Int32.init).filter { pid in
            let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
            return status.contains("\nPPid:\t\(server.pid)\n")
        }.compactMap { pid in
            ((try? ProcFile.data("/proc/\(pid)/environ")) ?? Data()).split(separator: 0)
                .map { String(decoding: $0, as: UTF8.self) }.first { $0.hasPrefix("OPENMARKET_CHANGES_SOCKET=") }?.dropFirst(26)
        }
        #expect(named.count == 3, "the template and the two browsers: \(named)")
        let path = String(try #require(named.first))
        #expect(Set(named) == [Substring(path)])
        let ends = try ProcFile.text("/proc/net/unix").split(separator: "\n").filter { $0.hasSuffix(" " + path) }
        #expect(ends.count == 3, "the listener and the two browsers' connections: \(ends)")
        let folder = (path as NSString).deletingLastPathComponent
        #expect((try FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? Int) == 0o700)

        let edit = try await market.send(
            "PATCH", "/api/products/\(id)", headers: ["identifier": identifier, "Content-Type": "application/json"],
            body: Data(#"{"secret":"\#(secret)","price":4321,"discounted_price":0}"#.utf8))
        #expect(edit.status == 200, "\(edit.text)")
        for visitor in visitors { try await visitor.waitFor(text: "4,321", timeout: .seconds(20)) }
        for visitor in visitors {
            try visitor.send("q")
            try await visitor.waitFor(text: "EXITED:0")
        }
        _ = await server.terminate()
        #expect(!FileManager.default.fileExists(atPath: folder), "the socket and its folder go with the front")
    }

    @Test("help prints the keys; a session without a pty gets one line and is closed; product N opens it")
    func commands() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (server, port, _) = try await startServer(directory)
        defer { server.stop() }
        let key = try makeKey(in: directory)
        let help = try askHelp(port: port, key: key)
        #expect(await help.waitForExit() == 0)
        #expect(help.standardOutput.contains("Enter      open the product"))
        let noPTY = try SpawnedProcess(
            "/usr/bin/ssh",
            ["-T", "-p", "\(port)", "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o",
             "LogLevel=ERROR", "-i", key, "127.0.0.1"])
        #expect(await noPTY.waitForExit() == 1)
        #expect(noPTY.standardOutput.contains("needs a terminal"))

        let tmux = try TmuxSession(command: sshCommand(port: port, key: key, extra: "-t") + " product 7", columns: 100, rows: 30)
        let detail = try await tmux.waitFor("product 7's detail") { $0.contains("Product   #7") && $0.contains("Price") }
        #expect(detail.contains("←→ picture"))
        try tmux.send("q")
        try tmux.send("q")
        try await tmux.waitFor(text: "EXITED:0")
    }

    @Test("--authorized-keys: a listed key writes as its own vendor (created on first use); another key is refused")
    func authorizedKeys() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let listed = try makeKey(in: directory)
        let other = directory.url.appendingPathComponent("id_other").path
        _ = try SpawnedProcess.run("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", other])
        let publicKey = try String(contentsOfFile: listed + ".pub", encoding: .utf8)
        let parts = publicKey.split(separator: " ")
        let authorized = directory.url.appendingPathComponent("authorized_keys")
        try "# test keys\n\(parts[0]) \(parts[1]) jeju-tangerines\n".write(to: authorized, atomically: true, encoding: .utf8)

        let (process, port, _) = try await startServer(directory, options: ["--authorized-keys", authorized.path])
        defer { process.stop() }

        let refused = try SpawnedProcess(
            "/usr/bin/ssh",
            ["-p", "\(port)", "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "BatchMode=yes",
             "-o", "IdentitiesOnly=yes", "-i", other, "127.0.0.1", "help"])
        #expect(await refused.waitForExit() == 255, "an unlisted key cannot connect")

        let tmux = try TmuxSession(
            command: sshCommand(port: port, key: listed, extra: "-t -o IdentitiesOnly=yes"), columns: 100, rows: 30)
        try await tmux.waitFor(text: "20+ products")
        try tmux.send("n")
        try await tmux.waitFor(text: "Register a product")
        try tmux.send("Escape")
        try tmux.send("q")
        try await tmux.waitFor(text: "EXITED:0")
        let vendors = try String(contentsOf: directory.url.appendingPathComponent("ssh-vendors.json"), encoding: .utf8)
        #expect(vendors.contains("jeju-tangerines"))
        let mode = try FileManager.default.attributesOfItem(atPath: directory.url.appendingPathComponent("ssh-vendors.json").path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test("a visitor's locale (SetEnv LANG) reaches the browser, and nothing else of its environment; a key's choices are kept for it and are where it starts next time")
    func localeAndChoices() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let key = try makeKey(in: directory)
        let parts = try String(contentsOfFile: key + ".pub", encoding: .utf8).split(separator: " ")
        let authorized = directory.url.appendingPathComponent("authorized_keys")
        try "\(parts[0]) \(parts[1]) visitor\n".write(to: authorized, atomically: true, encoding: .utf8)
        let (process, port, _) = try await startServer(directory, options: ["--authorized-keys", authorized.path])
        defer { process.stop() }
        let extra = "-t -o IdentitiesOnly=yes -o SetEnv=LANG=ko_KR.UTF-8 -o SetEnv=OPENMARKET_SECRET=stolen"
        let tmux = try TmuxSession(command: sshCommand(port: port, key: key, extra: extra), columns: 100, rows: 30)
        let korean = try await tmux.waitFor(text: "상품 20+개")
        #expect(korean.contains("도움말") && !korean.contains("products"), "the visitor's LANG gives Korean: \(korean)")
        try tmux.send("v")
        try await tmux.waitFor("the list") { $0.split(separator: "\n").first?.contains("목록") == true }
        try tmux.send("q")
        try await tmux.waitFor(text: "EXITED:0")
        let log = try String(contentsOf: directory.url.appendingPathComponent("openmarket.log"), encoding: .utf8)
        #expect(log.contains("language: ko (from environment LANG); locale: ko_KR.UTF-8"), "\(log.suffix(1500))")
        let choices = directory.url.appendingPathComponent("visitor-choices")
        let kept = try FileManager.default.contentsOfDirectory(atPath: choices.path)
        #expect(kept.count == 1 && kept[0].hasPrefix("SHA256_"), "\(kept)")
        let file = try String(contentsOf: choices.appendingPathComponent(kept[0]), encoding: .utf8)
        #expect(file.contains("\"layout\" : \"list\""), "\(file)")

        // The same key again starts in the list it left.
        let again = try TmuxSession(command: sshCommand(port: port, key: key, extra: "-t -o IdentitiesOnly=yes"), columns: 100, rows: 30)
        let list = try await again.waitFor(text: "20+ products")
        #expect(list.split(separator: "\n").first?.contains("list") == true, "no locale sent: English, \(list)")
        try again.send("q")
        try await again.waitFor(text: "EXITED:0")

        // A Korean visitor's goodbye, when the server stops, is Korean too.
        let last = try TmuxSession(command: sshCommand(port: port, key: key, extra: extra), columns: 100, rows: 30)
        try await last.waitFor(text: "상품 20+개")
        let stopped = ContinuousClock.now
        _ = await process.terminate()
        print("openmarket ssh stopped with a session in \(ContinuousClock.now - stopped)")
        let goodbye = try await last.waitFor(text: "EXITED:")
        #expect(goodbye.contains("서버를 끄는 중입니다 — 안녕히 가세요."), "\(goodbye)")
    }

    @Test("ssh --lang ko: visitors that send no locale get Korean, help and screen; one that sends LANG=en_US gets English")
    func operatorLanguage() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (server, port, _) = try await startServer(directory, options: ["--open", "--lang", "ko"])
        defer { server.stop() }
        let key = try makeKey(in: directory)
        let help = try askHelp(port: port, key: key)
        #expect(await help.waitForExit() == 0)
        #expect(help.standardOutput.contains("상품 열기"), "\(help.standardOutput)")
        let korean = try TmuxSession(command: sshCommand(port: port, key: key, extra: "-t"), columns: 100, rows: 30)
        let screen = try await korean.waitFor(text: "상품 20+개")
        #expect(screen.contains("도움말"), "\(screen)")
        try korean.send("q")
        try await korean.waitFor(text: "EXITED:0")
        let english = try TmuxSession(
            command: sshCommand(port: port, key: key, extra: "-t -o SetEnv=LANG=en_US.UTF-8"), columns: 100, rows: 30)
        try await english.waitFor(text: "20+ products")
        try english.send("q")
        try await english.waitFor(text: "EXITED:0")
    }

    @Test("limits: a second session over the maximum is told so; an idle session is ended with a goodbye; SIGTERM says goodbye to all")
    func limits() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let key = try makeKey(in: directory)
        let (process, port, _) = try await startServer(
            directory, options: ["--open", "--max-sessions", "1", "--idle-timeout", "4", "--name", "front-one"])
        defer { process.stop() }

        let first = try TmuxSession(command: sshCommand(port: port, key: key, extra: "-t"), columns: 80, rows: 24)
        try await first.waitFor(text: "20+ products")
        let second = try TmuxSession(command: sshCommand(port: port, key: key, extra: "-t"), columns: 80, rows: 24)
        try await second.waitFor(text: "openmarket (front-one) is full — try again in a minute.")
        // The first one, left alone, is ended after 4 idle seconds: the screen is restored, then the goodbye.
        let ended = try await first.waitFor("the idle goodbye", timeout: .seconds(120)) { $0.contains("Idle for too long — goodbye.") }
        #expect(!ended.contains("↑↓ move"))

        let third = try TmuxSession(command: sshCommand(port: port, key: key, extra: "-t"), columns: 80, rows: 24)
        try await third.waitFor(text: "20+ products")
        process.stop(signal: SIGTERM)
        let shutdown = try await third.waitFor(text: "The server is shutting down — goodbye.")
        #expect(!shutdown.contains("↑↓ move"))
    }

    @Test("the front's market holds a connection for each seat's browser: 4,100 idle ones to it (past a market's own 4,096) leave a visitor's first page prompt")
    func marketSizedForSeats() async throws {
        var files = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &files)
        try #require(files.rlim_max >= 10_000, "needs an open-file hard limit of 10,000 (has \(files.rlim_max))")
        files.rlim_cur = files.rlim_max
        setrlimit(Int32(RLIMIT_NOFILE.rawValue), &files)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let key = try makeKey(in: directory)
        let process = try SpawnedProcess(
            BuiltProducts.openmarket, ["ssh", "--port", "0", "--data-dir", directory.path, "--open", "--max-sessions", "1100"])
        defer { process.stop() }
        let output = try await process.waitForOutput { $0.contains("Stop with Ctrl-C") }
        // 1,100 seats × 4 connections + 64 for other clients.
        #expect(output.contains("at most 1100 sessions, their market 4464 connections at once"), "\(output)")
        let port = try #require(output.firstMatch(of: /on 127\.0\.0\.1:(\d+)/).flatMap { Int($0.1) })
        let market = try #require(output.firstMatch(of: /market: http:\/\/127\.0\.0\.1:(\d+)/).flatMap { Int($0.1) })
        // What 1,366 browsers hold (three each): a market sized by its own default (4,096) would take no more,
        // and the visitor's browser would wait in its accept queue until one of these went idle (75 s).
        let idle = try (0..<4_100).map { _ in try RawSocket(port: market) }
        let visitor = try TmuxSession(command: sshCommand(port: port, key: key, extra: "-t"), columns: 80, rows: 24)
        try await visitor.waitFor(text: "20+ products", timeout: .seconds(30))
        try visitor.send("q")
        try await visitor.waitFor(text: "EXITED:0")
        withExtendedLifetime(idle) {}
    }

    @Test("100 connections at once (half of them sending garbage) leave the server serving sessions")
    func hundredConnections() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let key = try makeKey(in: directory)
        let (process, port, _) = try await startServer(directory, options: ["--open", "--connections-per-minute", "1000"])
        defer { process.stop() }
        // From ten other addresses, so that the per-address limit on connections without a session leaves
        // 127.0.0.1 its own share.
        var sockets: [RawSocket] = []
        for n in 0..<100 {
            let socket = try RawSocket(port: port, from: "127.0.0.\(2 + n % 10)")
            if n % 2 == 0 { socket.send("GARBAGE \(n)\r\n") }
            sockets.append(socket)
        }
        // The garbage is answered by closing; until then those connections count against --max-startups (64),
        // so the session below would race them on a busy machine. The 50 silent ones stay open throughout.
        for socket in sockets.enumerated() where socket.offset % 2 == 0 {
            #expect(await socket.element.readUntilClosed(timeout: .seconds(60)) != nil, "garbage closed")
        }
        let help = try askHelp(port: port, key: key)
        #expect(
            await help.waitForExit() == 0,
            "a session is served while 50 silent connections are open: \(help.standardError) \(process.standardError.suffix(1000))")
        sockets.removeAll()
        #expect(!process.hasExited)
    }

    @Test("load: 20 sessions scrolling for 10 s are all served; memory per session is reported")
    func twentySessions() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let key = try makeKey(in: directory)
        // Twenty visitors from one address: more than its share of sessions (8) by default.
        let (server, port, _) = try await startServer(
            directory, options: ["--open", "--connections-per-minute", "100", "--max-sessions-per-address", "20"])
        defer { server.stop() }
        let clients = try (0..<20).map { _ in
            // `script` gives ssh a terminal of its own (sized with stty) while the test types into a pipe.
            try SpawnedProcess(
                "/usr/bin/script",
                ["-qfc", "stty cols 100 rows 30; " + sshCommand(port: port, key: key, extra: "-t"), "/dev/null"],
                environment: ["TERM": "xterm-256color"], pipeInput: true)
        }
        for client in clients { _ = try await client.waitForOutput(timeout: .seconds(60)) { $0.contains("Vintage") } }
        let end = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < end {
            for client in clients { client.type("j") }
            try await Task.sleep(for: .milliseconds(100))
        }
        let browsers = try SpawnedProcess.run("/usr/bin/pgrep", ["-P", "\(server.pid)", "-f", "openmarket browse"]).output
            .split(separator: "\n").compactMap { Int32($0) }
        // A browser that died shows only here (`script` exits 0 whatever its child did): say how, from the
        // front's log of each session's end and the last words on the visitors' screens.
        let ended = server.standardError.split(separator: "\n").filter { $0.contains("session end") }
        let lastWords = clients.map { String($0.standardOutput.suffix(300)) }.filter { $0.contains("rror") || $0.contains("atal") }
        #expect(browsers.count == 20, "one browser per session; sessions ended: \(ended); last words: \(lastWords)")
        let megabytes = try browsers.map { try ProcessMemory.residentMB($0) }.sorted()
        #expect(megabytes.allSatisfy { $0 > 1 }, "each browser's memory was read")
        print("20 sessions: browser RSS median \(megabytes[megabytes.count / 2]) MB, max \(megabytes.last ?? 0) MB")
        // AddressSanitizer's shadow memory and quarantine (make sanitize) roughly triple a process's RSS.
        let bound: Double = ProcessInfo.processInfo.environment["OPENMARKET_SANITIZER"] == "address" ? 360 : 120
        #expect((megabytes.last ?? 0) < bound, "bounded memory per session")
        for client in clients {
            #expect(!client.hasExited, "every session still served")
            client.type("q")
        }
        for client in clients { #expect(await client.waitForExit() == 0) }
    }

    @Test("a client that never reads: the server's memory stays bounded and other sessions are served; a crashing session harms no other")
    func neverReadsAndCrashes() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let key = try makeKey(in: directory)
        let (server, port, _) = try await startServer(directory, options: ["--open", "--connections-per-minute", "100"])
        defer { server.stop() }

        // A client whose output goes into a pipe nobody reads.
        var stuck: [Int32] = [-1, -1]
        #expect(pipe(&stuck) == 0)
        let silent = try SpawnedProcess(
            "/usr/bin/script", ["-qfc", "stty cols 200 rows 60; " + sshCommand(port: port, key: key, extra: "-t"), "/dev/null"],
            environment: ["TERM": "xterm-256color"], pipeInput: true, outputDescriptor: stuck[1])
        try await Task.sleep(for: .seconds(3))
        let before = try ProcessMemory.residentMB(server.pid)
        for round in 0..<40 {
            silent.type(String(repeating: round % 2 == 0 ? "v" : "G", count: 50))  // full redraws, page loads
            try await Task.sleep(for: .milliseconds(100))
        }
        try await Task.sleep(for: .seconds(2))
        let after = try ProcessMemory.residentMB(server.pid)
        #expect(after - before < 64, "server grew \(after - before) MB while a client read nothing")

        // Another client is served all the while.
        let other = try TmuxSession(command: sshCommand(port: port, key: key, extra: "-t"), columns: 80, rows: 24)
        try await other.waitFor(text: "20+ products")

        // A browser that crashes ends its own session only. Its pid is the one that was not there before
        // (not the highest: pids wrap around on a machine that has started many processes).
        func browsers() throws -> Set<Int32> {
            Set(try SpawnedProcess.run("/usr/bin/pgrep", ["-P", "\(server.pid)", "-f", "openmarket browse"]).output.split(separator: "\n").compactMap { Int32($0) })
        }
        let earlier = try browsers()
        let victim = try TmuxSession(command: sshCommand(port: port, key: key, extra: "-t"), columns: 90, rows: 24)
        try await victim.waitFor(text: "20+ products")
        let added = try browsers().subtracting(earlier)
        #expect(added.count == 1, "one new browser: \(added)")
        let newest = try #require(added.first)
        kill(newest, SIGSEGV)
        try await victim.waitFor("the crashed session's end") { $0.replacingOccurrences(of: "\n", with: "").contains("EXITED:") }
        try other.send("j")
        // The grid moves a row down: the selection leaves the first product, whichever it lands on.
        try await other.waitFor("the selection to move") { $0.contains(" of 20+") && !$0.contains(" 1 of 20+") }
        #expect(!server.hasExited)
        try other.send("q")
        try await other.waitFor(text: "EXITED:0")
        silent.stop(signal: SIGKILL)
        close(stuck[0])
        close(stuck[1])
    }

    @Test("garbage instead of SSH and a dropped session leave the server serving")
    func robustness() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (server, port, _) = try await startServer(directory)
        defer { server.stop() }
        let key = try makeKey(in: directory)
        // Garbage: a raw TCP connection that sends junk.
        let junk = try SpawnedProcess(
            "/bin/bash",
            ["-c", "exec 3<>/dev/tcp/127.0.0.1/\(port); printf 'GET / HTTP/1.1\\r\\n\\r\\n' >&3; timeout 3 cat <&3; echo CLOSED"])
        #expect(await junk.waitForExit() == 0)
        #expect(junk.standardOutput.contains("SSH-2.0"), "the server greeted, then closed on the junk")
        #expect(junk.standardOutput.contains("CLOSED"))
        // A session killed in the middle.
        let dropped = try TmuxSession(command: sshCommand(port: port, key: key, extra: "-t"), columns: 80, rows: 24)
        try await dropped.waitFor(text: "products")
        _ = try SpawnedProcess.run("/usr/bin/pkill", ["-f", "ssh -p \(port) .*-t 127.0.0.1$"])
        // The killed ssh never restored the screen: the shell's line may wrap anywhere in it.
        try await dropped.waitFor("the dropped session's end") { $0.replacingOccurrences(of: "\n", with: "").contains("EXITED:") }
        // Still serving.
        let again = try TmuxSession(command: sshCommand(port: port, key: key, extra: "-t"), columns: 80, rows: 24)
        try await again.waitFor(text: "20+ products")
        try again.send("q")
        try await again.waitFor(text: "EXITED:0")
    }

    @Test("every visitor's terminal: each TERM gets the first page over SSH; dumb and an empty TERM get one line")
    func terminalMatrix() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let key = try makeKey(in: directory)
        let (server, port, _) = try await startServer(directory, options: ["--open", "--connections-per-minute", "200"])
        defer { server.stop() }
        let working = [
            "xterm-kitty", "alacritty", "wezterm", "foot", "xterm-ghostty", "st-256color", "tmux-256color", "screen",
            "linux", "vt100", "xterm-futureterm-256color",
        ]
        // Four sessions at a time: each is a whole browser process.
        for batch in stride(from: 0, to: working.count, by: 4) {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for term in working[batch..<min(batch + 4, working.count)] {
                    group.addTask {
                        let tmux = try TmuxSession(
                            command: "env TERM=\(term) " + sshCommand(port: port, key: key, extra: "-t"), columns: 100, rows: 30)
                        let screen = try await tmux.waitFor("the first page with TERM=\(term)", timeout: .seconds(90)) {
                            $0.contains("20+ products") && $0.contains("in stock")
                        }
                        #expect(screen.contains("↑↓ move"), "TERM=\(term)")
                        try tmux.send("q")
                        try await tmux.waitFor("TERM=\(term) to end cleanly") { $0.contains("EXITED:0") }
                    }
                }
                try await group.waitForAll()
            }
        }
        for (term, shown) in [("dumb", "TERM=dumb cannot draw a full screen"), ("", "TERM is not set")] {
            let tmux = try TmuxSession(
                command: "env TERM=\(term) " + sshCommand(port: port, key: key, extra: "-t"), columns: 100, rows: 30)
            let screen = try await tmux.waitFor("the refusal for TERM=\(term)") { $0.contains("EXITED:") }
            #expect(screen.contains(shown), "\(screen)")
            #expect(screen.contains("set TERM=xterm-256color"))
            #expect(screen.contains("EXITED:2"), "a non-zero exit for TERM=\(term)")
        }
        try await Task.sleep(for: .milliseconds(300))
        let log = try String(contentsOf: directory.url.appendingPathComponent("openmarket.log"), encoding: .utf8)
        #expect(log.contains("no terminfo entry for TERM=xterm-futureterm-256color; drawing with xterm-256color"))
    }

    @Test("slow SSH clients: connections that never finish the handshake or never start a session are capped and closed")
    func slowClients() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let key = try makeKey(in: directory)
        let (server, port, _) = try await startServer(
            directory,
            options: ["--open", "--connections-per-minute", "1000", "--login-grace-time", "6", "--max-startups", "20",
                      "--max-startups-per-address", "8"])
        defer { server.stop() }
        let baseline = try ProcessMemory.openDescriptors(server.pid)
        // 30 connections that say nothing after the TCP handshake, from one address.
        let silent = try (0..<30).map { _ in try RawSocket(port: port, from: "127.0.0.2") }
        // Closed at once means well before the 6 s grace time; a loaded machine has taken over 300 ms to
        // accept and close them all, so they are looked at for up to 4 s.
        var closed: Set<Int> = []
        let looking = ContinuousClock.now
        while closed.count < 22, ContinuousClock.now - looking < .seconds(4) {
            for (index, socket) in silent.enumerated() where !closed.contains(index) {
                if await socket.readUntilClosed(timeout: .milliseconds(20)) != nil { closed.insert(index) }
            }
        }
        try await Task.sleep(for: .milliseconds(300))
        for (index, socket) in silent.enumerated() where !closed.contains(index) {
            if await socket.readUntilClosed(timeout: .milliseconds(20)) != nil { closed.insert(index) }
        }
        #expect(closed.count == 22, "over the address's share of 8: closed at once, the 8 kept")
        #expect(try ProcessMemory.openDescriptors(server.pid) <= baseline + 8 + 4)
        // Meanwhile a session from another address is served.
        let help = try askHelp(port: port, key: key)
        #expect(await help.waitForExit() == 0)
        // After the grace time every silent one is closed.
        for socket in silent { #expect(await socket.readUntilClosed(timeout: .seconds(60)) != nil) }
        // A client that logs in but asks for no session (ssh -N) is closed after the grace time too.
        let started = ContinuousClock.now
        let idle = try SpawnedProcess(
            "/usr/bin/ssh",
            ["-N", "-p", "\(port)", "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o",
             "LogLevel=ERROR", "-i", key, "127.0.0.1"])
        _ = await idle.waitForExit()
        #expect(ContinuousClock.now - started < .seconds(120), "closed after the grace time, not kept")
        try await Task.sleep(for: .milliseconds(300))
        #expect(try ProcessMemory.openDescriptors(server.pid) <= baseline + 2)
        let log = server.standardError
        #expect(log.contains("8 without a session from that address already (--max-startups-per-address)"), "\(log.suffix(1000))")
        #expect(log.contains("nothing said within 6 s"), "the silent ones")
        #expect(log.contains("no session within 6 s"), "ssh -N")
    }
}

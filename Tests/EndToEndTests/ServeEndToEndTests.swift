import Foundation
import Mocks
import ServerTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The real `openmarket` binary, started as a user would start it, over real loopback HTTP.
@Suite("openmarket serve, end to end", .serialized)
struct ServeEndToEndTests {
    typealias Running = ServedMarket

    func start(_ directory: TemporaryDirectory, arguments: [String] = []) async throws -> Running {
        try await ServedMarket.start(directory, arguments: arguments)
    }

    func register(_ server: Running, name: String) async throws -> LiveHTTP.Reply {
        try await server.register(name: name)
    }

    @Test("first start seeds the demo catalog and prints the demo vendor; every read endpoint answers")
    func firstStart() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try await start(directory)
        defer { server.process.stop() }
        let health = try await server.http.send("GET", "/healthChecker")
        #expect(health.status == 200 && health.text == "\"OK\"")
        let page = try await server.http.send("GET", "/api/products?page_no=1&items_per_page=20").json()
        #expect((page["totalCount"] as? Int ?? 0) >= 120)
        let first = try #require((page["pages"] as? [[String: Any]])?.first)
        let thumbnail = try #require(first["thumbnail"] as? String)
        #expect(thumbnail.hasPrefix(server.http.base + "/images/"), "picture URLs use the bound port")
        let picture = try await server.http.send("GET", String(thumbnail.dropFirst(server.http.base.count)))
        #expect(picture.status == 200 && picture.body.starts(with: [0xFF, 0xD8]))
        let detail = try await server.http.send("GET", "/api/products/\(first["id"] as! Int)").json()
        #expect((detail["images"] as? [Any])?.isEmpty == false)
    }

    @Test("a product acknowledged with 201 survives kill -9 and a restart, pictures included")
    func killNine() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try await start(directory)
        let created = try await register(server, name: "Survivor")
        #expect(created.status == 201, "\(created.text)")
        let id = try #require(try created.json()["id"] as? Int)
        let status = server.process.stop(signal: SIGKILL)
        #expect(status & 0x7F == SIGKILL)

        let again = try await start(directory)
        defer { again.process.stop() }
        #expect(again.identifier == server.identifier, "same demo vendor after restart")
        let detail = try await again.http.send("GET", "/api/products/\(id)")
        #expect(detail.status == 200)
        let images = try #require(try detail.json()["images"] as? [[String: Any]])
        #expect(images.count == 2)
        for image in images {
            for key in ["url", "thumbnail_url"] {
                let url = try #require(image[key] as? String)
                let path = String(url.drop { $0 != "/" }.dropFirst(2).drop { $0 != "/" })
                #expect(try await again.http.send("GET", path).status == 200, "\(path)")
            }
        }
        let list = try await again.http.send("GET", "/api/products?search_value=survivor").json()
        #expect(list["totalCount"] as? Int == 1)
    }

    @Test("--database with PostgreSQL unreachable: the reason on standard error and exit 1 within seconds")
    func databaseUnreachable() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try await ClosedPort.with { port in
            let url = "postgres://market:hunter2@127.0.0.1:\(port)/market"
            let started = ContinuousClock.now
            let process = try SpawnedProcess(
                BuiltProducts.openmarket, ["serve", "--port", "0", "--data-dir", directory.path, "--database", url])
            let status = await process.waitForExit()
            // Refused at once (the reason below says so, not the 10 s open deadline); the bound only catches a hang.
            #expect(ContinuousClock.now - started < .seconds(120))
            #expect(status == 1)
            let reason = "cannot reach PostgreSQL at postgres://market@127.0.0.1:\(port)/market: Connection refused"
            #expect(process.standardError.contains(reason), "\(process.standardError)")
            #expect(!process.standardError.contains("hunter2"))
        }
    }

    @Test(
        "two replicas on one PostgreSQL database: one demo catalog, a write on one read on the other, SIGTERM",
        .enabled(if: TestPostgres.runsCases, Comment(rawValue: TestPostgres.skipNotice)))
    func replicasOnPostgres() async throws {
        // Also: vendor add and vendor list work on the database, by option and by OPENMARKET_DATABASE.
        try await TestDatabase.with { url in
            let directories = [try TemporaryDirectory(), try TemporaryDirectory()]
            defer { directories.forEach { $0.remove() } }
            let added = try SpawnedProcess(BuiltProducts.openmarket, ["vendor", "add", "carol", "--database", url])
            #expect(await added.waitForExit() == 0, "\(added.standardError)")
            #expect(added.standardOutput.contains("vendor      carol (id 1)"), "\(added.standardOutput)")
            async let first = start(directories[0], arguments: ["--database", url])
            async let second = start(directories[1], arguments: ["--database", url])
            let (a, b) = try await (first, second)
            defer { [a, b].forEach { $0.process.stop() } }
            #expect(a.identifier == b.identifier, "one demo vendor, seeded once")
            for replica in [a, b] {
                let page = try await replica.http.send("GET", "/api/products").json()
                #expect(page["totalCount"] as? Int == 132)
            }

            let created = try await register(a, name: "Replicated")
            #expect(created.status == 201, "\(created.text)")
            let id = try #require(try created.json()["id"] as? Int)
            let read = try await b.http.send("GET", "/api/products/\(id)")
            #expect(read.status == 200)
            #expect(try read.json()["name"] as? String == "Replicated")

            let listed = try SpawnedProcess(
                BuiltProducts.openmarket, ["vendor", "list"], environment: ["OPENMARKET_DATABASE": url])
            #expect(await listed.waitForExit() == 0)
            #expect(listed.standardOutput.contains("carol") && listed.standardOutput.contains("  demo\n"))
            for replica in [a, b] {
                let status = replica.process.stop(signal: SIGTERM)
                #expect(status == 0, "exit status \(status): \(replica.process.standardError.suffix(500))")
            }
        }
    }

    @Test("many clients at once: concurrent reads and writes all succeed")
    func concurrency() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try await start(directory)
        defer { server.process.stop() }
        let before = try await server.http.send("GET", "/api/products").json()["totalCount"] as? Int ?? 0
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for n in 0..<64 {
                group.addTask {
                    if n % 8 == 0 {
                        return try await register(server, name: "Concurrent \(n)").status
                    }
                    let path = n % 2 == 0 ? "/api/products?page_no=\(n % 5 + 1)" : "/api/products/\(n + 1)"
                    return try await server.http.send("GET", path).status
                }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(statuses.count == 64)
        #expect(statuses.allSatisfy { $0 == 200 || $0 == 201 }, "\(statuses)")
        let after = try await server.http.send("GET", "/api/products").json()["totalCount"] as? Int ?? 0
        #expect(after == before + 8)
    }

    @Test("an oversized header gets a 4xx and the server keeps serving")
    func oversizedHeader() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try await start(directory, arguments: ["--demo"])
        defer { server.process.stop() }
        let port = try #require(Int(server.http.base.split(separator: ":").last ?? ""))
        let socket = try RawSocket(port: port)
        socket.send("GET /api/products/1 HTTP/1.1\r\nHost: x\r\nX-Huge: \(String(repeating: "a", count: 200_000))\r\n\r\n")
        let reply = try #require(await socket.readUntilClosed(timeout: .seconds(10)), "the server closes the connection")
        let status = try #require(reply.firstMatch(of: /^HTTP\/1\.1 (\d{3})/).flatMap { Int($0.1) }, "\(reply.prefix(200))")
        #expect((400..<500).contains(status))
        #expect(try await server.http.send("GET", "/healthChecker").status == 200)
    }

    @Test("each request gets one access-log line on standard error: method, path, status, ms")
    func accessLog() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try await start(directory, arguments: ["--log-level", "info"])
        _ = try await server.http.send("GET", "/healthChecker")
        _ = try await server.http.send("GET", "/api/products/999999")
        _ = try await server.http.send("GET", "/api/products?page_no=zero")
        server.process.stop(signal: SIGTERM)
        let log = server.process.standardError
        #expect(log.firstMatch(of: /GET \/healthChecker 200 \d+\.\dms/) != nil, "\(log.suffix(1500))")
        #expect(log.contains("GET /api/products/999999 404"))
        #expect(log.contains("GET /api/products 400"))
        #expect(!server.process.standardOutput.contains("GET /"), "logs never go to standard output")
    }

    @Test("vendor add prints an identifier and a secret that work; vendor list shows it")
    func vendorCommands() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let add = try SpawnedProcess(BuiltProducts.openmarket, ["vendor", "add", "Jeju Tangerines", "--data-dir", directory.path])
        let output = try await add.waitForOutput { $0.contains("Keep the secret") }
        let identifier = try #require(output.firstMatch(of: /identifier +([0-9a-f-]{36})/)?.1)
        let secret = try #require(output.firstMatch(of: /secret +(\S+)/)?.1)
        let list = try SpawnedProcess(BuiltProducts.openmarket, ["vendor", "list", "--data-dir", directory.path])
        let listed = try await list.waitForOutput { $0.contains("Jeju Tangerines") }
        #expect(listed.contains(String(identifier)))
        #expect(!listed.contains(String(secret)), "the secret is never shown again")

        var server = try await start(directory)
        defer { server.process.stop() }
        server = Running(process: server.process, http: server.http, identifier: String(identifier), secret: String(secret))
        let created = try await register(server, name: "Tangerine Box")
        #expect(created.status == 201, "\(created.text)")
        #expect((try created.json()["vendors"] as? [String: Any])?["name"] as? String == "Jeju Tangerines")
    }

    @Test("slowloris: hundreds of half-open connections from one address; the rest are served, the slow ones closed, descriptors bounded")
    func slowloris() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try await start(
            directory,
            arguments: ["--header-timeout", "2", "--idle-timeout", "4", "--max-connections-per-address", "40",
                        "--log-level", "notice"])
        defer { server.process.stop() }
        let port = try #require(Int(server.http.base.split(separator: ":").last ?? ""))
        let baseline = try ProcessMemory.openDescriptors(server.process.pid)
        let attackers = try (0..<300).map { _ in try RawSocket(port: port, from: "127.0.0.2") }
        for attacker in attackers { attacker.send("GET /api/products HTTP/1.1\r\nHost: x\r\n") }
        var peak = 0
        var answered = 0
        let until = ContinuousClock.now + .seconds(4)
        while ContinuousClock.now < until {
            let page = try await server.http.send("GET", "/api/products?page_no=1&items_per_page=5")
            #expect(page.status == 200)
            answered += 1
            peak = max(peak, try ProcessMemory.openDescriptors(server.process.pid))
            try await Task.sleep(for: .milliseconds(100))
        }
        // Kept out, none would be answered; idle, about 35 are (one each 100 ms); under the whole suite's load
        // an answer and a descriptor count have taken 0.6 s together.
        #expect(answered >= 3, "normal requests kept being answered")
        var refused = 0
        var timedOut = 0
        for attacker in attackers {
            let reply = try #require(await attacker.readUntilClosed(timeout: .seconds(60)), "every slow connection is closed")
            if reply.hasPrefix("HTTP/1.1 503") { refused += 1 }
            if reply.hasPrefix("HTTP/1.1 408") { timedOut += 1 }
        }
        // 40 admitted at a time; on a loaded machine the first may time out (2 s) before the last attacker
        // connects, and its place goes to one more (259 / 41 seen). Without the limit all 300 would be admitted.
        #expect(refused + timedOut == 300, "every slow connection is refused or timed out")
        #expect((40...60).contains(timedOut), "the admitted half-open ones: 408 after the header timeout")
        #expect(refused >= 240, "over the address's share: 503 at once")
        #expect(peak <= baseline + 40 + 8, "descriptors: \(baseline) before, \(peak) at most")
        let after = try ProcessMemory.openDescriptors(server.process.pid)
        #expect(after <= baseline + 4)
        try await Task.sleep(for: .milliseconds(400))  // the log is written in batches
        let log = server.process.standardError
        #expect(log.contains("refused") && log.contains("from 127.0.0.2: it already holds 40"), "\(log.suffix(800))")
        #expect(log.contains("request header not complete within 2 s"))
    }

    @Test("a flood from many addresses above --max-connections waits in the accept queue; descriptors stay under the cap")
    func connectionCap() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try await start(
            directory,
            arguments: ["--header-timeout", "2", "--max-connections", "100", "--max-connections-per-address", "40",
                        "--log-level", "notice"])
        defer { server.process.stop() }
        let port = try #require(Int(server.http.base.split(separator: ":").last ?? ""))
        let baseline = try ProcessMemory.openDescriptors(server.process.pid)
        var attackers: [RawSocket] = []
        for n in 2..<8 {
            for _ in 0..<40 { attackers.append(try RawSocket(port: port, from: "127.0.0.\(n)")) }
        }
        for attacker in attackers { attacker.send("GET /api/products HTTP/1.1\r\nHost: x\r\n") }
        try await Task.sleep(for: .milliseconds(500))
        let peakDuringFlood = try ProcessMemory.openDescriptors(server.process.pid)
        #expect(peakDuringFlood <= baseline + 100 + 4, "\(peakDuringFlood) descriptors with a cap of 100")
        // A normal client queues behind the flood and is answered once the slow ones time out.
        let started = ContinuousClock.now
        let page = try await server.http.send("GET", "/healthChecker")
        #expect(page.status == 200)
        #expect(ContinuousClock.now - started < .seconds(120), "answered once the slow ones time out (2 s), not never")
        for attacker in attackers { _ = await attacker.readUntilClosed(timeout: .seconds(10)) }
        try await Task.sleep(for: .milliseconds(400))
        #expect(server.process.standardError.contains("100 connections open (--max-connections)"))
    }
}

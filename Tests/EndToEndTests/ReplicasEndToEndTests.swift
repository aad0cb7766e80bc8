import Foundation
import Mocks
import ServerTestSupport
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Two `openmarket serve --database` replicas on one PostgreSQL database, as docs/DEPLOY.md runs them: behind
/// nginx, and one of them killed while both take registrations.
@Suite(
    "API server replicas on PostgreSQL, end to end", .serialized,
    .enabled(if: TestPostgres.runsCases, Comment(rawValue: TestPostgres.skipNotice)))
struct ReplicasEndToEndTests {
    /// Starts replicas `a` and `b` on `url` at once, each with its own data directory in `folder`.
    func startReplicas(_ folder: TemporaryDirectory, url: String, publicURL: String? = nil) async throws -> [ServedMarket] {
        func arguments(_ id: String) -> [String] {
            // docs/DEPLOY.md's `$LIMITS`: the per-address limits are the balancer's.
            ["--database", url, "--replica-id", id, "--max-connections-per-address", "0", "--max-streams-per-address", "0",
                "--stream-starts-per-minute", "0"]
                + (publicURL.map { ["--public-url", $0] } ?? [])
        }
        async let a = ServedMarket.start(dataDirectory: folder.path + "/a", arguments: arguments("a"))
        async let b = ServedMarket.start(dataDirectory: folder.path + "/b", arguments: arguments("b"))
        return try await [a, b]
    }

    /// Reads through `http` until `condition` holds for `times` answers in a row, for at most two minutes.
    /// A write through one replica reaches the other's cache within milliseconds on an idle machine, not at
    /// once; on a loaded one the four reads alone once took over two seconds. The wrong outcome, a replica
    /// that never heard the write, answers stale for ever, so the bound sits far from both.
    func settles(_ http: LiveHTTP, _ path: String, times: Int = 4, _ condition: (LiveHTTP.Reply) -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(120)
        var inARow = 0
        while ContinuousClock.now < deadline {
            inARow = condition(try await http.send("GET", path)) ? inARow + 1 : 0
            if inARow == times { return true }
        }
        return false
    }

    @Test("behind nginx: requests spread over both, picture URLs work whichever answers, an edit is what both answer, a delete token works once, one replica down and the other serves")
    func behindNginx() async throws {
        try await TestDatabase.with { url in
            let folder = try TemporaryDirectory()
            defer { folder.remove() }
            let port = try RawSocket.freePort()
            let front = "http://127.0.0.1:\(port)"
            let replicas = try await startReplicas(folder, url: url, publicURL: front)
            defer { replicas.forEach { $0.process.stop() } }
            let nginx = try await NginxBalancer.start(in: folder, port: port, replicaPorts: replicas.map(\.port))
            defer { nginx.process.stop() }
            let market = replicas[0].through(front)

            var answered: Set<String> = []
            for _ in 0..<6 {
                let ready = try await market.http.send("GET", "/healthChecker/ready")
                #expect(ready.status == 200)
                answered.insert(try ready.json()["replica"] as? String ?? "?")
            }
            #expect(answered == ["a", "b"], "round robin reaches both replicas")

            let page = try await market.http.send("GET", "/api/products").json()
            #expect(page["totalCount"] as? Int == 132, "one demo catalog, seeded once")

            let jpeg = FixturePictures.jpeg(width: 320, height: 240, seed: 7)
            let png = FixturePictures.png(width: 50, height: 70, seed: 7)
            let created = try await market.register(name: "Balanced", firstPicture: jpeg, secondPicture: png)
            #expect(created.status == 201, "\(created.text)")
            let detail = try created.json()
            let id = try #require(detail["id"] as? Int)
            let images = try #require(detail["images"] as? [[String: Any]])
            #expect(images.count == 2)
            for (image, bytes) in zip(images, [jpeg, png]) {
                let url = try #require(image["url"] as? String)
                #expect(url.hasPrefix(front + "/images/"), "picture URLs name the balancer: \(url)")
                // Each replica has the bytes; nginx answers from its cache after the first request.
                for http in replicas.map(\.http) + [market.http, market.http] {
                    let picture = try await http.send("GET", ServedMarket.path(of: url))
                    #expect(picture.status == 200 && [UInt8](picture.body) == bytes, "the uploaded bytes, from \(http.base)")
                    let thumbnail = try await http.send("GET", ServedMarket.path(of: image["thumbnail_url"] as? String ?? ""))
                    #expect(thumbnail.status == 200 && thumbnail.body.starts(with: [0xFF, 0xD8]))
                }
            }

            // Both replicas cache the detail; an edit through one is what both answer.
            for _ in 0..<4 { _ = try await market.http.send("GET", "/api/products/\(id)") }
            let edited = try await market.http.send(
                "PATCH", "/api/products/\(id)",
                headers: ["identifier": market.identifier, "Content-Type": "application/json"],
                body: Data(#"{"name":"Balanced, edited","secret":"\#(market.secret)"}"#.utf8))
            #expect(edited.status == 200, "\(edited.text)")
            #expect(try await settles(market.http, "/api/products/\(id)") { (try? $0.json()["name"] as? String) == "Balanced, edited" })
            #expect(try await settles(market.http, "/api/products?search_value=balanced") { reply in
                let first = (try? reply.json()["pages"] as? [[String: Any]])?.first
                return first?["name"] as? String == "Balanced, edited"
            })

            // A delete token sent to both replicas at the same moment deletes once.
            let archived = try await market.http.send(
                "POST", "/api/products/\(id)/archived",
                headers: ["identifier": market.identifier, "Content-Type": "application/json"],
                body: Data(#"{"secret":"\#(market.secret)"}"#.utf8))
            #expect(archived.status == 200, "\(archived.text)")
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for replica in replicas {
                    group.addTask {
                        try await replica.http.send("DELETE", archived.text, headers: ["identifier": market.identifier]).status
                    }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }.sorted()
            }
            #expect(statuses.count == 2 && statuses[0] == 200 && statuses[1] != 200, "\(statuses)")
            #expect(try await settles(market.http, "/api/products/\(id)") { $0.status == 404 })

            // Change streams through nginx: eight from one address, on either replica; a ninth is nginx's 503.
            var streams: [RawSocket] = []
            var answers: [String] = []
            for _ in 0..<9 {
                let stream = try RawSocket(port: port)
                stream.send("GET /api/products/changes HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
                var answer = ""
                let deadline = ContinuousClock.now + .seconds(20)
                while !answer.contains("\r\n\r\n"), ContinuousClock.now < deadline {
                    answer += await stream.readAvailable()
                    try await Task.sleep(for: .milliseconds(10))
                }
                answers.append(String(answer.prefix(12)))
                streams.append(stream)
            }
            #expect(answers == Array(repeating: "HTTP/1.1 200", count: 8) + ["HTTP/1.1 503"], "\(answers)")
            streams.removeAll()

            // One replica gone: nginx passes reads to the other.
            replicas[0].process.stop(signal: SIGKILL)
            for _ in 0..<6 {
                let ready = try await market.http.send("GET", "/healthChecker/ready")
                #expect(ready.status == 200 && (try? ready.json()["replica"] as? String) == "b")
                #expect(try await market.http.send("GET", "/api/products?page_no=2").status == 200)
            }
            #expect(!nginx.process.hasExited, "\(nginx.process.standardError.suffix(500))")
        }
    }

    /// What a registration worker was told.
    struct Acknowledged: Sendable {
        let id: Int
        let pictures: [[UInt8]]
    }

    @Test("kill -9 of one replica during concurrent registrations through both: every acknowledged product is there with all its pictures")
    func killNineDuringRegistrations() async throws {
        try await TestDatabase.with { url in
            let folder = try TemporaryDirectory()
            defer { folder.remove() }
            let replicas = try await startReplicas(folder, url: url)
            defer { replicas.forEach { $0.process.stop() } }
            let stopping = SharedFlag()
            let killed = SharedFlag()

            // Three writers per replica, each registering until told to stop; pictures differ per product.
            let outcome = try await withThrowingTaskGroup(of: (acknowledged: [Acknowledged], failed: Int).self) { group in
                for (r, replica) in replicas.enumerated() {
                    for writer in 0..<3 {
                        group.addTask {
                            var acknowledged: [Acknowledged] = []
                            var failed = 0
                            var n = 0
                            while !stopping.isSet {
                                n += 1
                                let seed = r * 10_000 + writer * 1_000 + n
                                let pictures = [
                                    FixturePictures.jpeg(width: 160 + n % 50, height: 120, seed: seed),
                                    FixturePictures.png(width: 40, height: 30 + n % 20, seed: seed),
                                ]
                                do {
                                    let reply = try await replica.register(
                                        name: "Crash \(r)-\(writer)-\(n)", firstPicture: pictures[0], secondPicture: pictures[1])
                                    if reply.status == 201, let id = try reply.json()["id"] as? Int {
                                        acknowledged.append(Acknowledged(id: id, pictures: pictures))
                                    } else {
                                        failed += 1
                                    }
                                } catch {
                                    failed += 1  // the connection to the killed replica broke: not acknowledged
                                }
                                if r == 0 && killed.isSet { break }
                            }
                            return (acknowledged, failed)
                        }
                    }
                }
                // Kill replica a while registrations are in flight on both, then let b go on a little.
                try await Task.sleep(for: .seconds(1.5))
                replicas[0].process.stop(signal: SIGKILL)
                killed.set()
                try await Task.sleep(for: .seconds(0.75))
                stopping.set()
                return try await group.reduce(into: (acknowledged: [Acknowledged](), failed: 0)) {
                    $0.acknowledged += $1.acknowledged
                    $0.failed += $1.failed
                }
            }
            #expect(outcome.acknowledged.count >= 8, "registrations were acknowledged: \(outcome.acknowledged.count)")
            #expect(Set(outcome.acknowledged.map(\.id)).count == outcome.acknowledged.count, "no id given twice")

            // Every acknowledged product, read through the survivor and through a restarted a.
            let survivor = replicas[1]
            let restarted = try await ServedMarket.start(dataDirectory: folder.path + "/a", arguments: ["--database", url])
            defer { restarted.process.stop() }
            for reader in [survivor, restarted] {
                for product in outcome.acknowledged {
                    let detail = try await reader.http.send("GET", "/api/products/\(product.id)")
                    #expect(detail.status == 200, "product \(product.id): \(detail.status)")
                    let images = try detail.json()["images"] as? [[String: Any]] ?? []
                    #expect(images.count == 2, "product \(product.id) has both pictures")
                    for (image, bytes) in zip(images, product.pictures) {
                        let picture = try await reader.http.send("GET", ServedMarket.path(of: image["url"] as? String ?? ""))
                        #expect(picture.status == 200 && [UInt8](picture.body) == bytes, "product \(product.id)'s picture")
                        let thumbnail = try await reader.http.send("GET", ServedMarket.path(of: image["thumbnail_url"] as? String ?? ""))
                        #expect(thumbnail.status == 200, "product \(product.id)'s thumbnail")
                    }
                }
            }
            // Whatever a's death left half done is either whole or absent: no product without its pictures.
            var items: [[String: Any]] = []
            for number in 1...100 {
                let page = try await survivor.http.send("GET", "/api/products?search_value=crash&items_per_page=100&page_no=\(number)").json()
                let more = page["pages"] as? [[String: Any]] ?? []
                items += more
                if more.count < 100 { break }
            }
            #expect(items.count >= outcome.acknowledged.count)
            for item in items {
                let id = item["id"] as? Int ?? 0
                let images = try await survivor.http.send("GET", "/api/products/\(id)").json()["images"] as? [Any]
                #expect(images?.count == 2, "product \(id), acknowledged or not, has both pictures")
            }
            print("kill -9 during registrations: \(outcome.acknowledged.count) acknowledged, \(outcome.failed) not, \(items.count) listed")
        }
    }
}

/// A flag set once from any task (the writers read it between requests).
final class SharedFlag: Sendable {
    private let value = Mutex(false)
    var isSet: Bool { value.withLock { $0 } }
    func set() { value.withLock { $0 = true } }
}

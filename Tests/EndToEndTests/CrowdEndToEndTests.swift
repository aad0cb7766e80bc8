import Foundation
import Mocks
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `openmarket ssh` under a crowd and under siege, with visitors from a real SSH client library (AsyncSSH, in
/// bench/crowd.py and bench/door.py, the tools `make bench` runs at full size), and its metrics scraped meanwhile.
@Suite("A crowd at the door of openmarket ssh, end to end", .serialized)
struct CrowdEndToEndTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let python = root.appendingPathComponent(".build-tools/venv/bin/python").path
    /// Under AddressSanitizer (make sanitize) every browser starts several times slower: a smaller crowd, and
    /// bounds that still tell a slow answer from none.
    static let sanitized = ProcessInfo.processInfo.environment["OPENMARKET_SANITIZER"] != nil

    /// Starts a front with a metrics port; returns it, its SSH port and its metrics URL.
    func startFront(_ directory: TemporaryDirectory, options: [String]) async throws -> (SpawnedProcess, Int, LiveHTTP) {
        let process = try SpawnedProcess(
            BuiltProducts.openmarket,
            ["ssh", "--open", "--port", "0", "--metrics-port", "0", "--data-dir", directory.path] + options)
        let output = try await process.waitForOutput(timeout: .seconds(60)) { $0.contains("Stop with Ctrl-C") }
        let port = try #require(output.firstMatch(of: /on 127\.0\.0\.1:(\d+)/).flatMap { Int($0.1) })
        let metrics = String(try #require(output.firstMatch(of: /metrics: (http:\/\/127\.0\.0\.1:\d+)\/metrics/)?.1))
        return (process, port, LiveHTTP(base: metrics))
    }

    /// Runs one of the bench tools against the front and returns its JSON result.
    func runTool(_ tool: String, _ arguments: [String], in directory: TemporaryDirectory) async throws -> [String: Any] {
        #expect(FileManager.default.isExecutableFile(atPath: Self.python), "make deps installs AsyncSSH in .build-tools/venv")
        let out = directory.url.appendingPathComponent("\(tool).json").path
        let run = try SpawnedProcess(
            Self.python, [Self.root.appendingPathComponent("bench/\(tool).py").path] + arguments + ["--json", out])
        let status = await run.waitForExit()
        try #require(status == 0, "\(tool).py: \(run.standardOutput) \(run.standardError.suffix(2000))")
        let data = try Data(contentsOf: URL(fileURLWithPath: out))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test("50 visitors arriving 10 a second on a front of 40 sessions: 40 get the first page and answers to every key, 10 are told at once that the front is full, by name; /metrics moves while they stay and counts each")
    func crowd() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (visitors, seats) = Self.sanitized ? (15, 12) : (50, 40)
        let (front, port, metrics) = try await startFront(
            directory, options: ["--max-sessions", "\(seats)", "--name", "front-t"])
        defer { front.stop() }
        let before = try await PrometheusText(metrics.send("GET", "/metrics").text)
        #expect(before["openmarket_ssh_sessions_started_total"] == 0)

        async let result = runTool(
            "crowd",
            ["--port", "\(port)", "--front-pid", "\(front.pid)", "--visitors", "\(visitors)", "--rate", "10", "--stay", "10",
             "--key-every", "1", "--first-page-timeout", Self.sanitized ? "120" : "30"],
            in: directory)
        // While they stay: sessions are live.
        var live = 0.0
        let deadline = ContinuousClock.now + .seconds(120)
        while live < Double(seats / 2), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(500))
            live = try await PrometheusText(metrics.send("GET", "/metrics").text)["openmarket_ssh_sessions"] ?? 0
        }
        #expect(live >= Double(seats / 2), "sessions live while the crowd stays")
        let crowd = try await result

        #expect(crowd["first_page"] as? Int == seats, "\(crowd)")
        #expect(crowd["failures"] as? [String: Int] == ["full": visitors - seats], "\(crowd)")
        let fullLines = crowd["full_lines"] as? [String] ?? []
        #expect(fullLines.contains { $0.contains("openmarket (front-t) is full — try again in a minute.") }, "\(fullLines)")
        // "At once": the wrong outcome is a visitor left hanging until the first page's 30 s time-out (120 s
        // sanitized); the bound is half of it. Beside the real terminals' tests (each seeding a catalog) the
        // handshake alone took 8 s here once.
        let fullMax = try #require((crowd["full_line_ms"] as? [String: Any])?["max"] as? Double)
        #expect(fullMax < (Self.sanitized ? 60_000 : 15_000), "the full line came after \(fullMax) ms")
        #expect((crowd["keys"] as? Int ?? 0) >= seats * 5, "every visitor pressed keys, each answered (no key-timeout)")

        // After they left: every one counted.
        try await Task.sleep(for: .milliseconds(500))
        let after = try await PrometheusText(metrics.send("GET", "/metrics").text)
        #expect(after["openmarket_ssh_sessions"] == 0)
        #expect(after["openmarket_ssh_sessions_started_total"] == Double(seats))
        #expect(after["openmarket_ssh_sessions_ended_total{reason=\"quit\"}"] == Double(seats))
        #expect(after["openmarket_ssh_connections_refused_total{reason=\"full\"}"] == Double(visitors - seats))
        #expect(after["openmarket_ssh_handshake_seconds_count"] == Double(visitors))
        #expect(after["openmarket_ssh_first_page_seconds_count"] == Double(seats), "every browser reported its first page")
        #expect((after["openmarket_ssh_bytes_out_total"] ?? 0) > Double(seats * 10_000))
        #expect((after["openmarket_http_requests_total{route=\"/api/products\",method=\"GET\",status=\"200\"}"] ?? 0) >= Double(seats))
        #expect((after["openmarket_cache_lookups_total{result=\"hit\"}"] ?? 0) > 0)
        #expect((after.sum(of: "openmarket_http_request_duration_seconds_count")) >= Double(seats))
    }

    @Test("the second crowd client (openmarket-crowd, SwiftNIO SSH) at a front of 8 sessions: 12 visitors, half with keys of their own — 8 get the first page, its end and an answer to every key, 4 are told the front is full; the front counts the same")
    func secondClient() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (visitors, seats) = (12, 8)
        let (front, port, metrics) = try await startFront(directory, options: ["--max-sessions", "\(seats)"])
        defer { front.stop() }
        let crowd = try await runTool(
            "crowd",
            ["--client", BuiltProducts.crowd, "--port", "\(port)", "--front-pid", "\(front.pid)", "--visitors", "\(visitors)",
             "--rate", "10", "--stay", "6", "--key-every", "1", "--keyed", "0.5", "--nice", "0",
             "--first-page-timeout", Self.sanitized ? "120" : "30"],
            in: directory)
        #expect((crowd["client"] as? String ?? "").hasPrefix("openmarket-crowd (SwiftNIO SSH"), "\(crowd)")
        #expect(crowd["first_page"] as? Int == seats, "\(crowd)")
        #expect(crowd["failures"] as? [String: Int] == ["full": visitors - seats], "\(crowd)")
        // Every visitor pressed keys for its 6 s stay, one about every second, and each got an answer.
        #expect((crowd["keys"] as? Int ?? 0) >= seats * 3, "\(crowd)")
        // The end of each answer: every first page is seen to end or not before the first key (its pictures may
        // still come later: under AddressSanitizer most do), and no end comes before its first sign, page or key;
        // most keys' answers end before the next key (the last before leaving may not).
        let pageEnd = try #require(crowd["first_page_settled_ms"] as? [String: Any])
        #expect((pageEnd["ended"] as? Int ?? 0) + (pageEnd["not_ended"] as? Int ?? 0) == seats, "\(pageEnd)")
        #expect((pageEnd["ended"] as? Int ?? 0) >= (Self.sanitized ? 1 : seats / 2), "\(pageEnd)")
        #expect(crowd["ends_before_sign"] as? Int == 0, "\(crowd)")
        let keyEnd = try #require(crowd["key_settled_ms"] as? [String: Any])
        #expect((keyEnd["ended"] as? Int ?? 0) >= seats * 2, "\(keyEnd)")
        #expect((crowd["peak_sessions"] as? Int ?? 0) >= 1 && (crowd["peak_sessions"] as? Int ?? 0) <= seats, "\(crowd)")
        #expect((crowd["bytes_per_session"] as? Int ?? 0) > 10_000, "\(crowd)")
        try await Task.sleep(for: .milliseconds(500))
        let after = try await PrometheusText(metrics.send("GET", "/metrics").text)
        #expect(after["openmarket_ssh_sessions_started_total"] == Double(seats))
        #expect(after["openmarket_ssh_sessions_ended_total{reason=\"quit\"}"] == Double(seats), "each left with q")
        #expect(after["openmarket_ssh_connections_refused_total{reason=\"full\"}"] == Double(visitors - seats))
    }

    @Test("--shards 2: 12 visitors over two crowd processes with an edit every half second — each shard's six get the first page and keys, both shards' screens are timed on the parent's edits (after them, on one clock), and the peak counts both shards' sessions")
    func shards() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (front, port, _) = try await startFront(directory, options: [])
        defer { front.stop() }
        let market = String(try #require(front.standardOutput.firstMatch(of: /market: (http:\/\/[0-9.:]+)/)?.1))
        let crowd = try await runTool(
            "crowd",
            ["--port", "\(port)", "--front-pid", "\(front.pid)", "--market", market,
             "--vendor", directory.url.appendingPathComponent("demo-vendor.json").path, "--visitors", "12", "--rate", "12",
             "--stay", Self.sanitized ? "30" : "10", "--key-every", "1", "--nice", "0", "--shards", "2",
             "--edits-per-second", "2", "--first-page-timeout", Self.sanitized ? "120" : "30"],
            in: directory)
        #expect((crowd["client"] as? String ?? "").contains("2 processes"), "\(crowd)")
        #expect(crowd["first_page"] as? Int == 12, "\(crowd)")
        #expect((crowd["failures"] as? [String: Int])?.isEmpty == true, "\(crowd)")
        let shards = try #require(crowd["shards"] as? [[String: Any]])
        #expect(shards.count == 2)
        for shard in shards {
            #expect(shard["first_page"] as? Int == 6, "every other visitor: \(shard)")
            #expect((shard["keys"] as? Int ?? 0) >= 6, "\(shard)")
            #expect((shard["edit_screens"] as? Int ?? 0) > 0, "an edit came to this shard's screens: \(shard)")
        }
        // One visitor's stay overlaps every other's (they arrive within a second and stay 10 s): both shards' at once.
        #expect(crowd["peak_sessions"] as? Int == 12, "\(crowd)")
        #expect((crowd["edits"] as? Int ?? 0) >= 4, "\(crowd)")
        let seen = try #require(crowd["edit_seen_ms"] as? [String: Any])
        // Timed from the parent's request to a shard's screen: after it, every one, on the one clock they share
        // (a shard that watched for an edit by its own schedule, not the parent's word, timed some before it).
        #expect((seen["min"] as? Double ?? -1) > 0, "\(seen)")
        #expect((crowd["edit_screens"] as? Int ?? 0) == shards.reduce(0) { $0 + ($1["edit_screens"] as? Int ?? 0) }, "\(crowd)")
    }

    @Test("5,000 connections from 1,000 addresses that say nothing or only a version line: visitors still reach the first page within 6 s (not after the siege's 10–30 s timeouts), every time; the front's descriptors stay bounded; the siege is counted")
    func siege() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (front, port, metrics) = try await startFront(directory, options: [])
        defer { front.stop() }
        let siege = try await runTool(
            "door",
            ["--port", "\(port)", "--front-pid", "\(front.pid)", "--silent", "5000", "--addresses", "1000", "--mode", "mixed",
             "--visitors", "5"],
            in: directory)
        #expect(siege["first_page"] as? Int == 5, "\(siege)")
        #expect((siege["failures"] as? [String: Int])?.isEmpty == true, "\(siege)")
        let times = siege["first_page_ms"] as? [Int] ?? []
        // The wrong outcome is to be kept out (refused, or let in once the siege's sockets time out after 10-30 s).
        // Right is well under a second alone; beside the kitty tests one visitor once took 3.25 s, so the bound
        // sits between the two at 6 s.
        // Under AddressSanitizer (every process of the test two to three times slower, the siege tool beside them)
        // right and wrong overlap: 9.4 s was seen there with nothing else running (2026-11-27). That run checks
        // memory, not time: the bound is then only the siege's longest timeout, so that a visitor kept out for
        // good still fails; the 6 s bound is `make test`'s.
        let bound = Self.sanitized ? 30_000 : 6_000
        #expect(times.allSatisfy { $0 < bound }, "first pages under siege: \(times) ms")
        // The accept queue holds a burst: NIO's default of 128 overflowed 26,002 times in one siege here (each a
        // dropped SYN or ACK that a visitor resends after 1, 3, 7 s: 12 s once on CI); 4,096 overflowed none.
        // The kernel's count is the whole machine's, so the bound sits far from both.
        #expect((siege["listen_backlog"] as? Int ?? 0) >= 1_024, "the listening socket's accept queue: \(siege["listen_backlog"] ?? "?")")
        #expect((siege["listen_overflows"] as? Int ?? .max) < 2_000, "accept queues overflowed \(siege["listen_overflows"] ?? "?") times")
        // Bounded: --max-startups (1,024) connections without a session at most, whatever the siege holds, plus
        // those accepted and being closed to make room (up to 64 accepted a wake-up on each event loop: 1,250 over
        // the start seen once on a fresh clone). The wrong outcome is every socket of the siege held: 5,000.
        let before = (siege["front_before"] as? [String: Int])?["descriptors"] ?? 0
        let during = (siege["front_during"] as? [String: Int])?["descriptors"] ?? .max
        #expect(during - before < 1_024 + 512, "descriptors \(before) → \(during)")
        let counted = try await PrometheusText(metrics.send("GET", "/metrics").text)
        // Room was made for newcomers again and again (the wrong outcome, refusing them, makes none); how often
        // depends on how fast the siege reconnects — 936 under AddressSanitizer, thousands in a release build.
        #expect((counted["openmarket_ssh_connections_refused_total{reason=\"room\"}"] ?? 0) > 500)
        #expect((counted["openmarket_ssh_startups"] ?? .infinity) <= 1_024)
    }

    @Test(
        "three fronts on hosts of their own behind HAProxy, browsing two replicas on PostgreSQL behind nginx: every visitor served; front 0 stopped mid-crowd: only its visitors are cut, with a goodbye, all come back through the others, and the rest never notice",
        .enabled(if: NetworkNamespace.isAvailable, Comment(rawValue: NetworkNamespace.skipNotice)),
        .enabled(if: ProcessInfo.processInfo.environment["OPENMARKET_TEST_DATABASE"] != nil, "needs a PostgreSQL cluster (make test starts one)"))
    func threeFronts() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (visitors, rate, stay, killAt) = Self.sanitized ? (12, 2, 40, 20) : (60, 10, 20, 12)
        let result = try await runTool(
            "fronts",
            ["--binary", BuiltProducts.openmarket, "--visitors", "\(visitors)", "--rate", "\(rate)", "--stay", "\(stay)",
             "--key-every", "1", "--kill-at", "\(killAt)", "--kill-signal", "TERM", "--settle", "0",
             "--first-page-timeout", Self.sanitized ? "120" : "30"],
            in: directory)
        #expect(result["first_page"] as? Int == visitors, "every visitor got the first page: \(result)")
        #expect((result["failures"] as? [String: Int])?.isEmpty == true, "\(result["failures"] ?? "")")
        let killed = try #require(result["killed"] as? [String: Any])
        let before = try #require(killed["sessions_before"] as? [Int])
        #expect(before.count == 3 && before.allSatisfy { $0 > 0 }, "HAProxy spread the visitors: \(before)")
        // Only front 0's visitors were cut, each said goodbye to, and each came back.
        #expect(result["cut_visitors"] as? Int == before[0], "cut: \(result["cut_visitors"] ?? "") of \(before)")
        #expect(result["goodbyes"] as? Int == result["cuts"] as? Int)
        #expect(result["reconnected"] as? Int == before[0], "came back: \(result["reconnected"] ?? "")")
        // The others never noticed: every key answered, within a second (not the 5 s a key waits).
        let kept = try #require(result["key_ms_never_cut"] as? [String: Any])
        #expect((kept["max"] as? Double ?? .infinity) < 1000, "\(kept)")
    }
}

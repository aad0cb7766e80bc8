import Foundation
import Mocks
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The browser against hostile text, a dying server, key storms and signals — on the real binary.
@Suite("openmarket browser, bad input, end to end", .serialized)
struct BrowserBadInputTests {
    /// Starts `openmarket serve` on a free port with the demo catalog; returns it, its URL and the demo vendor.
    func startServer(_ directory: TemporaryDirectory) async throws -> (SpawnedProcess, String, String, String) {
        let process = try SpawnedProcess(
            BuiltProducts.openmarket, ["serve", "--port", "0", "--data-dir", directory.path, "--log-level", "warning"])
        let output = try await process.waitForOutput { $0.contains("Stop with Ctrl-C") }
        let url = String(try #require(output.firstMatch(of: /on (http:\/\/127\.0\.0\.1:\d+)/)?.1))
        let identifier = String(try #require(output.firstMatch(of: /identifier ([0-9a-f-]{36})/)?.1))
        let secret = String(try #require(output.firstMatch(of: /secret +(\S+)/)?.1))
        return (process, url, identifier, secret)
    }

    @Test("a product named with escape sequences shows them as placeholders; nothing changes colour or moves")
    func hostileName() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (server, url, identifier, secret) = try await startServer(directory)
        defer { server.stop() }
        var builder = MultipartBuilder()
        let name = #"\u001b[41mEVIL\u001b[0m\u001b]0;pwned\u0007\u001b[2J"#
        builder.text(
            "params",
            #"{"name":"\#(name)","description":"Line one\u001b[1A\u001b[2Koverwritten?","price":1,"currency":"KRW","secret":"\#(secret)"}"#)
        builder.file("images", filename: "x.jpg", bytes: FixturePictures.jpeg())
        builder.close()
        let created = try await LiveHTTP(base: url).send(
            "POST", "/api/products", headers: ["identifier": identifier, "Content-Type": builder.contentType],
            body: Data(builder.body))
        #expect(created.status == 201, "\(created.text)")

        let tmux = try TmuxSession(command: "\(BuiltProducts.openmarket) --server \(url) --layout list", columns: 120, rows: 30)
        let screen = try await tmux.waitFor(text: "EVIL")
        #expect(screen.contains("␛[41mEVIL␛[0m␛]0;pwned␇␛[2J"))
        let colours = try tmux.capture(escapes: true)
        #expect(!colours.contains("\u{1B}[41m"), "the name's red background never reached the terminal")
        try tmux.send("Enter")
        let detail = try await tmux.waitFor(text: "overwritten?")
        #expect(detail.contains("Line one␛[1A␛[2Koverwritten?"))
        try tmux.send("q")
        try tmux.send("q")
        try await tmux.waitFor(text: "EXITED:0")
    }

    @Test("the server dies mid-scroll: a banner with the error, what was loaded stays, no crash")
    func serverDies() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (server, url, _, _) = try await startServer(directory)
        let tmux = try TmuxSession(command: "\(BuiltProducts.openmarket) --server \(url)", columns: 100, rows: 30)
        try await tmux.waitFor(text: "20+ products")
        server.stop(signal: SIGKILL)
        try tmux.send("G")
        let screen = try await tmux.waitFor(text: "r to retry")
        #expect(screen.contains("Could not reach the server"))
        #expect(screen.contains("in stock"), "the products loaded before stay")
        try tmux.send("q")
        try await tmux.waitFor(text: "EXITED:0")
    }

    @Test("j held down (hundreds of keys at once) and rapid resizes: no crash, still answering")
    func keyStorm() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let tmux = try TmuxSession(command: "\(BuiltProducts.openmarket) --data-dir \(directory.path)", columns: 100, rows: 30)
        try await tmux.waitFor(text: "20+ products")
        for _ in 0..<10 {
            try tmux.send(contentsOf: Array(repeating: "j", count: 60))
        }
        for size in [(60, 20), (150, 50), (39, 11), (80, 24), (200, 60), (100, 30)] {
            try tmux.resize(columns: size.0, rows: size.1)
        }
        // tmux may apply a burst of resizes out of step with the pane; settle on the final size once more.
        try await Task.sleep(for: .milliseconds(300))
        try tmux.resize(columns: 100, rows: 30)
        // All 600 keys arrive at once: the selection runs to the end of what is loaded, pages follow.
        let settled = try await tmux.waitFor("the storm to settle") { screen in
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            return (screen.firstMatch(of: /(\d+) of \d+/).map { Int($0.1)! } ?? 0) >= 20 && !screen.contains("loading")
                && lines.first?.hasSuffix("products") == true && lines.first?.contains("openmarket") == true
        }
        #expect(settled.contains("in stock"))
        try tmux.send("g")
        let top = try await tmux.waitFor(text: "1 of ")
        #expect(top.contains("Vintage Mug") || top.contains("in stock"), "still answering keys")
        try tmux.send("q")
        try await tmux.waitFor(text: "EXITED:0")
    }

    @Test("Ctrl-C quits cleanly; a crash signal still restores the terminal")
    func signals() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let tmux = try TmuxSession(command: "\(BuiltProducts.openmarket) --data-dir \(directory.path)", columns: 100, rows: 30)
        try await tmux.waitFor(text: "20+ products")
        try tmux.send("C-c")
        let after = try await tmux.waitFor(text: "EXITED:0")
        #expect(!after.contains("↑↓ move"))

        let again = try TmuxSession(command: "\(BuiltProducts.openmarket) --data-dir \(directory.path)", columns: 100, rows: 30)
        try await again.waitFor(text: "20+ products")
        // Anchored at the binary's path: the shell around it has the same words in its command line.
        let pids = try SpawnedProcess.run("/usr/bin/pgrep", ["-f", "^\(BuiltProducts.openmarket) --data-dir \(directory.path)"]).output
        let pid = try #require(pids.split(separator: "\n").compactMap { Int32($0) }.first)
        kill(pid, SIGSEGV)
        let crashed = try await again.waitFor(text: "EXITED:")
        #expect(crashed.contains("EXITED:139"), "\(crashed)")
        #expect(!crashed.contains("↑↓ move"), "the alternate screen is gone after a crash too")
    }

    @Test("locally: a missing terminfo entry falls back and works; TERM=dumb gets one line and exit 2, no screen")
    func terminalTypes() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (server, url, _, _) = try await startServer(directory)
        defer { server.stop() }
        let future = try TmuxSession(
            command: "env TERM=xterm-futureterm-256color \(BuiltProducts.openmarket) --server \(url) --data-dir \(directory.path)",
            columns: 100, rows: 30)
        try await future.waitFor(text: "20+ products")
        try future.send("q")
        try await future.waitFor(text: "EXITED:0")
        let dumb = try TmuxSession(
            command: "env TERM=dumb \(BuiltProducts.openmarket) --server \(url) --data-dir \(directory.path)", columns: 100,
            rows: 30)
        let screen = try await dumb.waitFor(text: "EXITED:2")
        #expect(screen.contains("openmarket: TERM=dumb cannot draw a full screen; set TERM=xterm-256color or similar."))
        #expect(!screen.contains("products"))
    }
}

import Foundation
import Mocks
import Testing

/// The browser in a real terminal emulator that speaks sixel — xterm emulating a VT340, on Xvfb — locally
/// and over `openmarket ssh`: what the terminal answers in band, and what shows on its screen.
@Suite(
    "In xterm -ti vt340 on Xvfb, end to end", .serialized,
    .enabled(if: XtermSession.isAvailable, "xterm, Xvfb and xwd are installed by make deps"))
struct TerminalGraphicsEndToEndTests {
    /// Reads `log` until it holds `text`.
    func wait(for text: String, in log: URL, timeout: Duration = .seconds(60)) async throws -> String {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            let content = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            if content.contains(text) { return content }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw SpawnError("no \"\(text)\" in \(log.path): \((try? String(contentsOf: log, encoding: .utf8))?.suffix(1500) ?? "")")
    }

    /// What the log says of the terminal.
    func answered(_ log: String) -> String {
        log.split(separator: "\n").first { $0.contains("terminal answered") }.map(String.init) ?? ""
    }

    @Test("locally: sixel with 1024 colour registers and a 6×13 cell learnt in band; the grid's pictures on screen")
    func locally() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let xterm = try await XtermSession(command: [BuiltProducts.openmarket, "--data-dir", directory.path])
        defer { xterm.stop() }
        let log = try await wait(for: "first pictures drawn", in: directory.url.appendingPathComponent("openmarket.log"))
        let line = answered(log)
        #expect(line.contains("XTerm("), "\(line)")
        #expect(line.contains("sixel (1024 colours)") && line.contains("cell 6×13 px"), "\(line)")
        #expect(line.contains("best picture mode sixel"), "\(line)")
        try await Task.sleep(for: .milliseconds(500))
        let shot = try xterm.screenshot()
        // The grid's first card: its picture (half blocks today) in many colours, the rest of the screen text.
        #expect(shot.colorCount(x: 0, y: 40, width: 300, height: 150) > 40, "pictures on screen")
        #expect(!xterm.hasExited)
    }

    @Test("over openmarket ssh: the same answers cross the SSH connection")
    func overSSH() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try SpawnedProcess(
            BuiltProducts.openmarket, ["ssh", "--port", "0", "--open", "--data-dir", directory.path])
        defer { _ = server.stop() }
        let output = try await server.waitForOutput { $0.contains("Stop with Ctrl-C") }
        let port = try #require(output.firstMatch(of: /on 127\.0\.0\.1:(\d+)/).flatMap { Int($0.1) })
        let key = directory.path + "/id_test"
        #expect(try SpawnedProcess.run("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", key]).status == 0)
        let xterm = try await XtermSession(command: [
            "/usr/bin/ssh", "-t", "-p", "\(port)", "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
            "-o", "LogLevel=ERROR", "-i", key, "127.0.0.1",
        ])
        defer { xterm.stop() }
        let log = try await wait(for: "terminal answered", in: directory.url.appendingPathComponent("openmarket.log"))
        let line = answered(log)
        #expect(line.contains("XTerm(") && line.contains("sixel (1024 colours)"), "\(line)")
        #expect(line.contains("best picture mode sixel"), "\(line)")
    }
}

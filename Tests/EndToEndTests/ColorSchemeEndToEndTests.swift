import Foundation
import Mocks
import Testing

/// A terminal's colour-scheme reports (mode 2031) switching the `auto` theme while the visitor watches, locally
/// and over `openmarket ssh`. Debian's terminals here do not send them (kitty 0.26, tmux 3.3 predate the
/// mode), so the test plays that terminal: it types the report's bytes into the pane, as a terminal that
/// knows the mode writes them into the session's input.
@Suite("The terminal's colour scheme, live", .serialized)
struct ColorSchemeEndToEndTests {
    /// The screen with its escapes: prices are green 114 in the dark theme, 28 in the light one.
    func theme(_ tmux: TmuxSession) async throws -> String? {
        let screen = try await tmux.captured(escapes: true)
        switch (screen.contains("38;5;114m"), screen.contains("38;5;28m")) {
        case (true, false): return "dark"
        case (false, true): return "light"
        default: return nil
        }
    }

    /// Waits (20 s at most) until the screen is in `wanted`'s colours.
    func waitForTheme(_ tmux: TmuxSession, _ wanted: String) async throws -> Bool {
        for _ in 0..<200 {
            if try await theme(tmux) == wanted { return true }
            try await Task.sleep(for: .milliseconds(100))
        }
        return false
    }

    /// Sends a light, then a dark report, and checks the screen's colours follow each.
    func follows(_ tmux: TmuxSession) async throws {
        try await tmux.waitFor(text: "products")
        #expect(try await waitForTheme(tmux, "dark"), "dark at first (tmux answers the background as black)")
        try tmux.send("\u{1B}[?997;2n", literal: true)
        #expect(try await waitForTheme(tmux, "light"), "light after the light report")
        #expect(try await tmux.captured().split(separator: "\n").first?.contains("openmarket") == true, "and nothing of the report shows")
        try tmux.send("\u{1B}[?997;1n", literal: true)
        #expect(try await waitForTheme(tmux, "dark"), "dark again with the dark report")
    }

    @Test("locally: a light report turns the auto theme light, a dark one dark again; a theme chosen by name stays")
    func local() async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let command = "env XDG_CONFIG_HOME=\(home.path) \(BuiltProducts.openmarket) --data-dir \(home.path)/data --layout list --pictures off"
        let auto = try TmuxSession(command: command + " --theme auto", columns: 90, rows: 24)
        try await follows(auto)
        try auto.send("q")
        try await auto.waitFor(text: "EXITED:0")

        let chosen = try TmuxSession(command: command + " --theme dark", columns: 90, rows: 24)
        try await chosen.waitFor(text: "products")
        #expect(try await waitForTheme(chosen, "dark"))
        try chosen.send("\u{1B}[?997;2n", literal: true)
        try chosen.send("j")  // a key after the report: its frame is drawn, in whatever theme there is
        try await chosen.waitFor(text: "2 of")
        #expect(try await theme(chosen) == "dark", "a theme chosen by name stays")
        try chosen.send("q")
        try await chosen.waitFor(text: "EXITED:0")
    }

    @Test("over openmarket ssh: the visitor's terminal's reports reach their browser")
    func overSSH() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let front = try SpawnedProcess(BuiltProducts.openmarket, ["ssh", "--port", "0", "--data-dir", directory.path, "--open"])
        defer { front.stop() }
        let output = try await front.waitForOutput(timeout: .seconds(120)) { $0.contains("Stop with Ctrl-C") }
        let port = try #require(output.firstMatch(of: /on 127\.0\.0\.1:(\d+)/).flatMap { Int($0.1) })
        let keyless = "-o BatchMode=yes -o IdentitiesOnly=yes -o IdentityFile=/dev/null -o IdentityAgent=none -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR"
        let visitor = try TmuxSession(command: "ssh -t -p \(port) \(keyless) guest@127.0.0.1", columns: 90, rows: 24)
        try await follows(visitor)
    }
}

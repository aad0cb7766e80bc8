import Foundation
import Mocks
import Testing

/// `.ci/run`: make test always runs; a sanitizer half runs only when CI's time left covers its estimate (a share of
/// make test's time on the same machine), and is cut at the budget if it overruns. Run here with a stand-in `make`
/// that sleeps for each target, so that the script's own arithmetic and table are what is checked.
@Suite("CI's script and its time budget")
struct CIScriptTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Runs a copy of `.ci/run` in a folder of its own with `make` replaced: `deps` takes 0 s, `test` 4 s, the
    /// sanitizer halves what is given; returns the exit status and the summary table (the log's last lines).
    /// The script counts whole seconds (bash's SECONDS), so a phase of 4 s reads 4 or 5.
    func run(budget: Int, address: Int, thread: Int, threadStatus: Int = 0) throws -> (status: Int32, table: String) {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let ci = folder.url.appendingPathComponent(".ci")
        let bin = folder.url.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: ci, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let script = try String(contentsOf: Self.root.appendingPathComponent(".ci/run"), encoding: .utf8)
        try script.write(to: ci.appendingPathComponent("run"), atomically: true, encoding: .utf8)
        let make = """
            #!/bin/bash
            case "$1" in
              deps) ;;
              test) sleep 4 ;;
              sanitize-address) sleep \(address) ;;
              sanitize-thread) sleep \(thread); exit \(threadStatus) ;;
            esac
            """
        // Written here, made executable by install(1) in a process of its own: a file this process writes may be
        // held open by a program another test spawns meanwhile, and exec'ing it would fail (ETXTBSY).
        let text = folder.url.appendingPathComponent("make.txt")
        try make.write(to: text, atomically: false, encoding: .utf8)
        let install = try SpawnedProcess("/usr/bin/install", ["-m", "755", text.path, bin.appendingPathComponent("make").path])
        #expect(install.waitForExitBlocking() == 0, "\(install.standardError)")
        let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let process = try SpawnedProcess(
            "/bin/bash", [ci.appendingPathComponent("run").path],
            environment: ["PATH": path, "CI_BUDGET_SECONDS": "\(budget)", "CI_MARGIN_SECONDS": "0"])
        let status = process.waitForExitBlocking()
        let output = process.standardOutput + process.standardError
        let table = output.components(separatedBy: "== CI timings").last ?? ""
        return (status, table)
    }

    /// The table's line for a phase, without its name: "3 s", "skipped — …", "cut at …".
    func line(_ phase: String, in table: String) -> String {
        table.split(separator: "\n").first { $0.hasPrefix("  \(phase): ") }.map { String($0.dropFirst(phase.count + 4)) } ?? "(none)"
    }

    /// The whole seconds a timed line says.
    func seconds(_ line: String) -> Int? { line.hasSuffix(" s") ? Int(line.dropLast(2)) : nil }

    @Test("with time enough every phase runs and is timed; the script's status is 0")
    func everyPhase() throws {
        let (status, table) = try run(budget: 60, address: 1, thread: 1)
        #expect(status == 0, "\(table)")
        // Each phase takes at least its stand-in's sleep; beside the rest of the suite, starting the stand-ins
        // has taken 3 s more (make test read 7 s). Not timed, or skipped, reads -1; cut, the budget (60 s).
        #expect((4..<30).contains(seconds(line("test", in: table)) ?? -1), "\(table)")
        #expect((1..<30).contains(seconds(line("sanitize-address", in: table)) ?? -1), "\(table)")
        #expect((1..<30).contains(seconds(line("sanitize-thread", in: table)) ?? -1), "\(table)")
    }

    @Test("a half whose estimate exceeds the time left is skipped, said so in the table, and CI stays green")
    func skipped() throws {
        // make test takes 4–5 s: ASan's estimate is 4–5 s (118%), TSan's 2–3 s (64%); 0–1 s are left of 5.
        let (status, table) = try run(budget: 5, address: 1, thread: 1)
        #expect(status == 0, "\(table)")
        #expect(line("sanitize-address", in: table).hasPrefix("skipped — about "), "\(table)")
        #expect(line("sanitize-thread", in: table).hasPrefix("skipped — about "), "\(table)")
        #expect(line("sanitize-thread", in: table).hasSuffix("(make sanitize-thread runs it)"), "\(table)")
    }

    @Test("a half that runs past the budget is cut there, said so, and CI stays green")
    func cut() throws {
        // ASan is expected at 118% of make test's 4–5 s with 19–20 s left (still so when a loaded machine makes
        // that 11 s); it would take 60 s and is cut when those run out.
        let started = Date()
        let (status, table) = try run(budget: 24, address: 60, thread: 1)
        #expect(status == 0, "\(table)")
        #expect(line("sanitize-address", in: table).hasPrefix("cut at CI's budget after "), "\(table)")
        #expect(line("sanitize-thread", in: table).hasPrefix("skipped — "), "\(table)")
        // Cut at the budget (24 s), not after the 60 s the stand-in would take.
        #expect(Date().timeIntervalSince(started) < 50, "\(table)")
    }

    @Test("a failing half fails CI, and the table says where it stopped")
    func failing() throws {
        let (status, table) = try run(budget: 60, address: 1, thread: 1, threadStatus: 2)
        #expect(status == 2, "\(table)")
        #expect(line("sanitize-thread", in: table).hasSuffix("— stopped here (status 2)"), "\(table)")
    }
}

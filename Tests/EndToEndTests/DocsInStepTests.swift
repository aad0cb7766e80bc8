import Foundation
import Mocks
import Testing

/// The manual page and the shell completions in `docs/` are generated from the argument parser (`make
/// docs`); these tests fail when an option changes and they were not generated again.
@Suite("The manual page and the completions are in step with the command line")
struct DocsInStepTests {
    static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs")

    func output(_ arguments: [String]) async throws -> String {
        let process = try SpawnedProcess(BuiltProducts.openmarket, arguments)
        let status = await process.waitForExit()
        #expect(status == 0, "\(arguments): \(process.standardError)")
        return process.standardOutput
    }

    @Test("each shell's completions are what the command line generates now (make docs)", arguments: [
        ("bash", "completions/openmarket.bash"), ("zsh", "completions/_openmarket"), ("fish", "completions/openmarket.fish"),
    ])
    func completions(shell: String, file: String) async throws {
        let generated = try await output(["--generate-completion-script", shell])
        let kept = try String(contentsOf: Self.docs.appendingPathComponent(file), encoding: .utf8)
        #expect(generated == kept, "docs/\(file) is behind the command line: run make docs")
        #expect(kept.contains("config") && kept.contains("theme") && kept.contains("no-remember"))
    }

    @Test("docs/openapi.yaml is what the server serves at /openapi.yaml and `openmarket openapi` prints (make docs)")
    func openAPI() async throws {
        let printed = try await output(["openapi"])
        let kept = try String(contentsOf: Self.docs.appendingPathComponent("openapi.yaml"), encoding: .utf8)
        #expect(printed == kept, "docs/openapi.yaml is behind the server: run make docs")
        #expect(kept.hasPrefix("openapi: 3.1.0") && kept.contains("/api/products/{id}/archived") && kept.contains("/api/wishlists/{owner}"))
    }

    @Test("every command and long option is in the manual page, and the manual names no other (make docs)")
    func manual() async throws {
        let dump = try await output(["--experimental-dump-help"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(dump.utf8)) as? [String: Any])
        var commands: Set<String> = []
        var options: Set<String> = []
        func walk(_ command: [String: Any]) {
            if let name = command["commandName"] as? String { commands.insert(name) }
            for argument in command["arguments"] as? [[String: Any]] ?? [] {
                for name in argument["names"] as? [[String: Any]] ?? [] where name["kind"] as? String == "long" {
                    if let text = name["name"] as? String { options.insert(text) }
                }
            }
            for sub in command["subcommands"] as? [[String: Any]] ?? [] { walk(sub) }
        }
        walk(try #require(json["command"] as? [String: Any]))
        let page = try String(contentsOf: Self.docs.appendingPathComponent("man/openmarket.1"), encoding: .utf8)
        for command in commands.subtracting(["openmarket", "help"]) {
            #expect(page.contains(".It Em \(command)\n"), "the manual lacks the command \(command): run make docs")
        }
        let named = Set(page.matches(of: /(?:Fl |, )-([a-z0-9][a-z0-9-]*)/).map { String($0.1) })
        for option in options.subtracting(["help"]) {
            #expect(named.contains(option), "the manual lacks --\(option): run make docs")
        }
        #expect(named.subtracting(options).subtracting(["h"]).isEmpty, "the manual names options the command line lost: \(named.subtracting(options))")
        #expect(page.contains("78 for a mistake in the settings file"))
    }
}

import Foundation
import Mocks
import Testing

/// `openmarket browse` arguments that parse cleanly skip the whole command tree (a browser per SSH visitor);
/// help and mistakes must still read as the full command line's.
@Suite("openmarket's command line")
struct CommandLineEndToEndTests {
    /// Runs the built binary with standard input from /dev/null (no terminal); its status and standard error.
    func run(_ arguments: [String]) async throws -> (status: Int32, output: String, errors: String) {
        let process = try SpawnedProcess(BuiltProducts.openmarket, arguments)
        let status = await process.waitForExit()
        return (status, process.standardOutput, process.standardError)
    }

    @Test("browse --help is the subcommand's help under the program's name")
    func help() async throws {
        let result = try await run(["browse", "--help"])
        #expect(result.status == 0)
        #expect(result.output.contains("USAGE: openmarket browse <options>"))
        #expect(result.output.contains("--poll-interval"))
    }

    @Test("a mistake in browse's options names the option and prints the usage under the program's name", arguments: [
        (["browse", "--bogus"], "Unknown option '--bogus'"),
        (["browse", "--poll-interval", "0"], "--poll-interval must be at least 1 second"),
        (["browse", "--identifier", "x"], "--identifier and --secret go together"),
        (["browse", "--layout", "spiral"], "--layout"),
    ])
    func mistakes(arguments: [String], message: String) async throws {
        let result = try await run(arguments)
        #expect(result.status == 64, "exit status \(result.status): \(result.errors)")
        #expect(result.errors.contains("Error: "))
        #expect(result.errors.contains(message), "\(result.errors)")
        #expect(result.errors.contains("Usage: openmarket browse <options>"))
    }

    @Test("browse with good options and no terminal: the one line that says so, and a failing status")
    func noTerminal() async throws {
        let result = try await run(["browse", "--server", "http://127.0.0.1:9", "--poll-interval", "5"])
        #expect(result.status == 64, "exit status \(result.status)")
        #expect(result.errors.contains("Error: openmarket needs a terminal"))
    }

    @Test("openmarket ssh --server takes only a URL: visitors read no settings file, so a name would mean nothing to them")
    func sshServerName() async throws {
        let result = try await run(["ssh", "--open", "--server", "course"])
        #expect(result.status == 64, "exit status \(result.status): \(result.errors)")
        #expect(result.errors.contains("--server must be a URL such as http://127.0.0.1:8080"))
    }

    @Test("openmarket ssh --group-nice takes a negative number as written (-5, not an option) and refuses one outside -20…19, exit 64")
    func sshGroupNice() async throws {
        let outside = try await run(["ssh", "--open", "--group-nice", "-25", "--server", "course"])
        #expect(outside.status == 64, "exit status \(outside.status): \(outside.errors)")
        #expect(outside.errors.contains("--group-nice from -20 to 19"), "\(outside.errors)")
        // Past --group-nice's own check, the next one says what is wrong: the -5 was taken as its value.
        let negative = try await run(["ssh", "--open", "--group-nice", "-5", "--server", "course"])
        #expect(negative.status == 64 && negative.errors.contains("--server must be a URL"), "\(negative.errors)")
    }
}

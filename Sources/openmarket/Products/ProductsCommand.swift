import ArgumentParser
import Foundation
import MarketCommands

/// `openmarket products list|show|add|edit|delete|export|import`: the market from a shell — readable on a terminal, JSON
/// when piped or asked (`--json`, `--jsonl`), exit statuses a script can act on.
struct ProductsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "products",
        abstract: "List, show, register, edit and delete products from the shell.",
        discussion: """
            Against the embedded market, --server, or the settings file's server, as the browser; writes as the vendor \
            the browser writes as. On a terminal the output is a table; piped, or with --json / --jsonl, it is JSON \
            with the API's keys. Exit status: 0 done; 64 a mistake in the options; 65 refused by the product rules \
            (each broken rule on standard error, the same rules and words as the form) or by the server; 66 no such \
            product or picture file; 69 the market cannot be reached or failed; 77 not allowed (no identity, or \
            another vendor's product).
            """,
        subcommands: [List.self, Show.self, Add.self, Edit.self, Delete.self, Restore.self, Export.self, Import.self])

    /// How a command prints: a table (a person at a terminal), one JSON document, or a JSON line per product.
    enum Output {
        case table, json, jsonl

        /// `--json` / `--jsonl` when given; otherwise a table on a terminal and `piped` elsewhere.
        static func chosen(json: Bool, jsonl: Bool = false, piped: Output = .json) -> Output {
            if jsonl { return .jsonl }
            if json { return .json }
            return isatty(1) == 1 ? .table : piped
        }
    }

    /// Writes a line to standard output at once (a JSON line a reader may be waiting for).
    static func emit(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// Writes a line to standard error: what is said about a run (an import's plan counts, an export's total),
    /// beside what goes to standard output.
    static func warn(_ line: String) {
        FileHandle.standardError.write(Data(("openmarket: " + line + "\n").utf8))
    }

    /// Runs `body`, turning a command failure into its lines on standard error and its exit status.
    static func failing(_ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch let failure as CommandFailure {
            throw failure.exit()
        }
    }
}

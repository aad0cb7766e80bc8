import ArgumentParser
import Foundation
import MarketServer

/// `--database URL`: keep the data in PostgreSQL instead of the SQLite file in the data directory.
struct DatabaseOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "A PostgreSQL database for the data instead of SQLite in the data directory "
                + "(default: $OPENMARKET_DATABASE).",
            valueName: "postgres://USER@HOST:PORT/DB"))
    var database: String?

    /// The database's location, from the option or else the environment; nil for SQLite.
    func location(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> PostgresLocation? {
        guard let url = database ?? environment["OPENMARKET_DATABASE"], !url.isEmpty else { return nil }
        return try PostgresLocation(url: url)
    }

}

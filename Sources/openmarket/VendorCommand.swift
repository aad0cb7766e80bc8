import ArgumentParser
import Foundation
import Logging
import MarketServer

/// `openmarket vendor add|list`: manages the vendors of a data directory or a PostgreSQL database.
struct VendorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vendor", abstract: "Create and list vendors.",
        subcommands: [Add.self, List.self])

    struct Location: ParsableArguments {
        @Option(help: "The server's data directory (default: $XDG_DATA_HOME/openmarket).") var dataDir: String?
        @OptionGroup var database: DatabaseOption

        /// Runs `body` on the vendors of the PostgreSQL database, when one is given, else of the data directory.
        func withVendors<Result: Sendable>(_ body: (any VendorStore) async throws -> Result) async throws -> Result {
            let logger = LoggerFactory().make(label: "openmarket.vendor", level: "warning")
            if let location = try database.location() {
                let postgres = try await PostgresStores.open(location, maximumConnections: 1, logger: logger)
                return try await postgres.run { try await body(postgres.stores.vendors) }
            }
            let directory = dataDir.map { URL(fileURLWithPath: $0) } ?? ServerConfiguration.defaultDataDirectory()
            let server = try await OpenMarketServer.open(
                ServerConfiguration(dataDirectory: directory, demo: .never), logger: logger)
            return try await body(server.vendors)
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create a vendor; prints its identifier and secret.")
        @Argument(help: "The vendor's name.") var name: String
        @OptionGroup var location: Location

        func validate() throws {
            guard !name.trimmingCharacters(in: .whitespaces).isEmpty, name.count <= 100 else {
                throw ValidationError("NAME must be 1 to 100 characters.")
            }
        }

        func run() async throws {
            let credentials = try await location.withVendors { try await $0.add(name: name) }
            print("vendor      \(credentials.name) (id \(credentials.id))")
            print("identifier  \(credentials.identifier)")
            print("secret      \(credentials.secret)")
            print("Keep the secret: it is stored only as a hash and cannot be shown again.")
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the vendors.")
        @OptionGroup var location: Location

        func run() async throws {
            let vendors = try await location.withVendors { try await $0.all() }
            print("ID  IDENTIFIER                            CREATED              NAME")
            for vendor in vendors {
                let id = String(vendor.id).padding(toLength: 4, withPad: " ", startingAt: 0)
                print("\(id)\(vendor.identifier)  \(vendor.createdAt)  \(vendor.name)")
            }
        }
    }
}

import ArgumentParser
import Foundation
import Logging
import MarketServer

/// `openmarket vendor add|list`: manages the vendors of a data directory.
struct VendorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vendor", abstract: "Create and list vendors.",
        subcommands: [Add.self, List.self])

    struct Location: ParsableArguments {
        @Option(help: "The server's data directory (default: $XDG_DATA_HOME/openmarket).") var dataDir: String?

        func open() async throws -> OpenMarketServer {
            let directory = dataDir.map { URL(fileURLWithPath: $0) } ?? ServerConfiguration.defaultDataDirectory()
            return try await OpenMarketServer.open(
                ServerConfiguration(dataDirectory: directory, demo: .never),
                logger: LoggerFactory().make(label: "openmarket.vendor", level: "warning"))
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
            let credentials = try await location.open().vendors.add(name: name)
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
            let vendors = try await location.open().vendors.all()
            print("ID  IDENTIFIER                            CREATED              NAME")
            for vendor in vendors {
                let id = String(vendor.id).padding(toLength: 4, withPad: " ", startingAt: 0)
                print("\(id)\(vendor.identifier)  \(vendor.createdAt)  \(vendor.name)")
            }
        }
    }
}

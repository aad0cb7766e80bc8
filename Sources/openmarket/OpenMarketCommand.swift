import ArgumentParser

/// `openmarket`: the terminal marketplace and its API server.
@main
struct OpenMarketCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "openmarket",
        abstract: "A terminal marketplace browser with its own Open Market API server.",
        subcommands: [BrowseCommand.self, ServeCommand.self, VendorCommand.self, SSHCommand.self],
        defaultSubcommand: BrowseCommand.self
    )
}

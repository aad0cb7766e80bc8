import ArgumentParser

/// `openmarket`: the terminal marketplace and its API server.
@main
struct OpenMarketCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "openmarket",
        abstract: "A terminal marketplace browser with its own Open Market API server.",
        subcommands: [BrowseCommand.self, ServeCommand.self, VendorCommand.self, SSHCommand.self, ConfigCommand.self],
        defaultSubcommand: BrowseCommand.self
    )

    /// Runs the command line. `openmarket browse ARGUMENTS` that parse cleanly skip the whole command tree:
    /// `openmarket ssh` starts one browser per visitor, and building every subcommand's parser was a tenth of a
    /// browser's start (docs/DECISIONS.md). Help, errors and every other command take the usual path, so their
    /// messages and usage lines are ArgumentParser's own.
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard arguments.first == "browse", let browse = try? BrowseCommand.parse(Array(arguments.dropFirst())) else {
            await main(nil)
            return
        }
        do {
            try await browse.run()
        } catch {
            exit(withError: error)
        }
    }
}

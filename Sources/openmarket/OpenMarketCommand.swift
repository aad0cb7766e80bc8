import ArgumentParser
import Foundation
import MarketSSH

/// `openmarket`: the terminal marketplace and its API server (started by `ProgramEntry`).
struct OpenMarketCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "openmarket",
        abstract: "A terminal marketplace browser with its own Open Market API server.",
        discussion: """
            Without a subcommand, browses the market in the terminal: the embedded one (started in-process on \
            127.0.0.1, the demo catalog on first run) or another server of the Open Market API. `openmarket ssh` \
            serves the same browser to anyone who connects over SSH; `openmarket serve` runs only the API server.

            Settings: $XDG_CONFIG_HOME/openmarket/config.yaml (else ~/.config/openmarket/config.yaml; --config or \
            OPENMARKET_CONFIG name another, empty for none) sets the server, named servers, layout, pictures, \
            colours, theme, poll interval, mouse, ASCII, remembering, and the keys of every action. Options win \
            over the environment (OPENMARKET_PICTURES, OPENMARKET_COLORS, OPENMARKET_THEME, NO_COLOR, \
            OPENMARKET_IDENTIFIER, OPENMARKET_SECRET), which wins over the choices remembered at the last exit \
            ($XDG_STATE_HOME/openmarket/choices.json; OPENMARKET_CHOICES), which win over the file. \
            `openmarket config init` writes a commented file of every default; `openmarket config show` prints \
            what is in effect and where each value comes from.

            Language: English or Korean (--lang, OPENMARKET_LANG, the file's lang, else the locale: LC_ALL, \
            LC_MESSAGES or LANG; ko_KR.UTF-8 is Korean, even where the host has not generated that locale).

            Exit status: 0 on quitting; 2 when the terminal cannot draw a screen (TERM); 64 for a mistake in the \
            options; 73 when `config init` finds a file there; 78 for a mistake in the settings file, reported \
            as one line with the file, the line, the key and the nearest valid name.
            """,
        subcommands: [BrowseCommand.self, ServeCommand.self, VendorCommand.self, SSHCommand.self, ConfigCommand.self, ProductsCommand.self, OpenAPICommand.self, MCPCommand.self],
        defaultSubcommand: BrowseCommand.self
    )

    /// Runs the command line. `openmarket browse ARGUMENTS` that parse cleanly skip the whole command tree:
    /// `openmarket ssh` starts one browser per visitor, and building every subcommand's parser was a tenth of a
    /// browser's start (docs/DECISIONS.md). Help, errors and every other command take the usual path, so their
    /// messages and usage lines are ArgumentParser's own. `parsed`, when given, is `arguments` (a `browse …`) parsed
    /// already, by the session template the browser was forked from.
    static func start(arguments: [String], parsed: BrowseCommand? = nil) async {
        // Everything this program makes is its user's alone: the data directory 0700, the database, pictures,
        // host key, key-vendor file, logs and settings 0600, from the first start (docs/SECURITY.md).
        umask(0o077)
        // A visitor's browser under `openmarket ssh`: its budget, on itself, before it reads anything.
        if let text = ProcessInfo.processInfo.environment[SessionBudget.environmentKey] {
            do {
                guard let budget = SessionBudget(environmentValue: text) else { throw POSIXError(.EINVAL) }
                try budget.applyToSelf()
            } catch {
                FileHandle.standardError.write(Data("openmarket: the session's budget could not be set (\(error))\n".utf8))
                Glibc.exit(70)
            }
        }
        guard arguments.first == "browse", let browse = parsed ?? (try? BrowseCommand.parse(Array(arguments.dropFirst()))) else {
            await main(arguments)
            return
        }
        do {
            try await browse.run()
        } catch {
            exit(withError: error)
        }
    }
}

import Foundation
import MarketSSH

/// Where the program starts: synchronously, so that a session template (`openmarket ssh`'s warm process that
/// forks each visitor's browser) can warm up and fork before the concurrency runtime starts a single thread;
/// everything else — and each browser forked from a template — runs `OpenMarketCommand` as an async main would.
@main
enum ProgramEntry {
    static func main() {
        var arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == SessionTemplateLoop.command {
            SessionWarmUp.run(browserArguments: Array(arguments.dropFirst()))
            // Returns only in a visitor's browser, with its own arguments and environment.
            arguments = SessionTemplateLoop.serve().arguments
        }
        let command = arguments
        Task {
            await OpenMarketCommand.start(arguments: command)
            exit(0)
        }
        dispatchMain()
    }
}

import CTaskHooks
import Foundation
import MarketSSH

/// Where the program starts: synchronously, so that a session template (`openmarket ssh`'s warm process that
/// forks each visitor's browser) can warm up and fork before the concurrency runtime starts a single thread;
/// everything else — and each browser forked from a template — runs `OpenMarketCommand` as an async main would.
@main
enum ProgramEntry {
    static func main() {
        var arguments = Array(CommandLine.arguments.dropFirst())
        var parsed: BrowseCommand?
        // Kept for the life of the process (a browser forked from the template holds the warm-up's transport).
        var warmed: SessionWarmUp.Warmed?
        if arguments.first == SessionTemplateLoop.command {
            let offline = ProcessInfo.processInfo.environment[SessionTemplateLoop.offlineKey] != nil
            warmed = SessionWarmUp.run(browserArguments: Array(arguments.dropFirst()), network: !offline)
            if !SessionTemplateJobs.endedSingleThreaded {
                // The network warm-up left a thread behind: start again without it (same process, same socket).
                SessionTemplateLoop.restartOffline(because: offline)
            }
            // Returns only in a visitor's browser, with its own arguments and environment.
            arguments = SessionTemplateLoop.serve().arguments
            if let warmed, arguments == warmed.arguments { parsed = warmed.browse }
        }
        let command = arguments
        let browse = parsed
        Task {
            await OpenMarketCommand.start(arguments: command, parsed: browse)
            withExtendedLifetime(warmed) {}
            exit(0)
        }
        // The main thread's frames end here (dispatchMain exits the thread, and libdispatch's signal handler runs
        // on its stack afterwards): AddressSanitizer must not keep this frame's guard zones (CTaskHooks.h).
        cth_frames_end()
        dispatchMain()
    }
}

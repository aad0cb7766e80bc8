import Foundation
import Mocks

/// Runs a command and collects its standard output, through `posix_spawn` and `waitpid` on this thread
/// (Foundation's `Process` corrupted this benchmark's heap: see docs/DECISIONS.md).
enum SpawnedCommand {
    static func output(_ executable: String, _ arguments: [String]) throws -> [UInt8] {
        let process = try SpawnedProcess(executable, arguments)
        _ = process.waitForExitBlocking()
        return process.standardOutputBytes
    }

    static func find(_ name: String) -> String? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let path = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }
}

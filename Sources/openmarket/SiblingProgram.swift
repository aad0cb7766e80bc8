import Foundation
import MarketCommands

/// A program installed in the same folder as the running executable (`make install` puts them together).
struct SiblingProgram {
    /// Its path: beside the running executable, symbolic links resolved.
    let path: String

    init(_ name: String, executable: URL = SiblingProgram.runningExecutable()) {
        path = executable.deletingLastPathComponent().appendingPathComponent(name).path
    }

    /// The running executable's own file (`/proc/self/exe`), else the path it was started by.
    static func runningExecutable() -> URL {
        let link = URL(fileURLWithPath: "/proc/self/exe")
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: link.path) {
            return URL(fileURLWithPath: target)
        }
        return URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    }

    /// Replaces this process with the program, given `arguments` (standard input, output and error and the
    /// environment carry over). Returns only when it cannot: the failure to report, EX_UNAVAILABLE.
    func replaceProcess(arguments: [String]) -> CommandFailure {
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        execv(path, argv)
        let reason = String(cString: strerror(errno))
        for pointer in argv { free(pointer) }
        let name = URL(fileURLWithPath: path).lastPathComponent
        return CommandFailure(
            lines: ["\(name) is needed beside this program, at \(path): \(reason) (`make install` installs both)"],
            status: CommandFailure.unavailable)
    }
}

import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A child process started with `posix_spawn`, with standard output and error sent to files.
///
/// Never Foundation's `Process` in this project: on Linux its children inherit a blocked signal mask and
/// descriptors (tmux then hangs), and its manager and socket threads wrote into freed heap memory in our
/// benchmark (glibc aborted with "malloc(): mismatching next->prev_size"; see docs/DECISIONS.md).
/// No threads here: the caller reaps the child with `waitpid`.
public final class SpawnedProcess: @unchecked Sendable {
    public let pid: pid_t
    public let stdoutPath: String
    public let stderrPath: String
    /// The raw wait status, once the child is reaped.
    private var waitStatus: Int32?
    private var reaped: Bool { waitStatus != nil }

    /// The write end of the child's standard input, when it was started with `pipeInput`.
    public private(set) var input: Int32 = -1

    /// - Parameters:
    ///   - outputDescriptor: where standard output goes instead of a file (a pipe nobody reads, say).
    ///   - newSession: the child leads a session of its own (as a service or `setsid` would start it), instead of
    ///     a process group of its own in the caller's session.
    public init(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:], pipeInput: Bool = false,
        outputDescriptor: Int32? = nil, newSession: Bool = false
    ) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("spawn-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        stdoutPath = folder.appendingPathComponent("stdout").path
        stderrPath = folder.appendingPathComponent("stderr").path

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var inputPipe: [Int32] = [-1, -1]
        if pipeInput, pipe(&inputPipe) == 0 {
            posix_spawn_file_actions_adddup2(&actions, inputPipe[0], 0)
            posix_spawn_file_actions_addclose(&actions, inputPipe[0])
            posix_spawn_file_actions_addclose(&actions, inputPipe[1])
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        if let outputDescriptor {
            posix_spawn_file_actions_adddup2(&actions, outputDescriptor, 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        }
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        // POSIX_SPAWN_SETSID (0x80, glibc 2.26 on) is behind _GNU_SOURCE, which Swift's Glibc module does not see.
        let grouping = newSession ? 0x80 : Int32(POSIX_SPAWN_SETPGROUP)
        posix_spawnattr_setflags(&attributes, Int16(Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF) | grouping))

        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment { merged[key] = value }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        if inputPipe[0] >= 0 { close(inputPipe[0]) }
        guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EIO) }
        pid = child
        input = inputPipe[1]
    }

    public var standardOutput: String { (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? "" }
    /// Standard output as bytes.
    public var standardOutputBytes: [UInt8] { (try? [UInt8](Data(contentsOf: URL(fileURLWithPath: stdoutPath)))) ?? [] }

    public var standardError: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }

    /// Polls standard output until `predicate` holds or `timeout` passes.
    ///
    /// The output is looked at once more after the deadline: a test whose task was not scheduled for a while
    /// (the cooperative pool busy with other tests' work) judges what is there then, not a look from before.
    public func waitForOutput(timeout: Duration = .seconds(60), until predicate: (String) -> Bool) async throws -> String {
        let deadline = ContinuousClock.now + timeout
        while true {
            let exited = hasExited
            let text = standardOutput
            if predicate(text) { return text }
            if exited || ContinuousClock.now >= deadline { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw SpawnError(
            "\(hasExited ? "exited" : "timed out"); stdout: \(standardOutput)\nstderr: \(standardError.suffix(2000))")
    }

    /// True once the child has exited (reaping it).
    public var hasExited: Bool {
        if reaped { return true }
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid { waitStatus = status }
        return reaped
    }

    /// Sends `signal` and waits for the exit; returns the raw wait status.
    @discardableResult
    public func stop(signal: Int32 = SIGTERM) -> Int32 {
        guard !reaped else { return 0 }
        kill(pid, signal)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        waitStatus = status
        return status
    }

    /// Sends `signal` and waits for the exit without holding a thread (polling); returns the exit status.
    /// For a child that takes its time to stop (a server saying goodbye to its sessions) inside a test.
    public func terminate(signal: Int32 = SIGTERM) async -> Int32 {
        guard !reaped else { return 0 }
        kill(pid, signal)
        return await waitForExit()
    }

    /// Writes to the child's standard input (started with `pipeInput`).
    public func type(_ text: String) {
        guard input >= 0 else { return }
        _ = text.withCString { write(input, $0, strlen($0)) }
    }

    /// Closes the child's standard input (started with `pipeInput`): it reads end of input.
    public func closeInput() {
        guard input >= 0 else { return }
        close(input)
        input = -1
    }

    /// Waits for the child to exit by itself; returns its exit status (or -1 on a signal). Polls rather
    /// than blocking in `waitpid`: a test blocked there holds one of the few threads every other test's
    /// tasks run on (two on a 2-core machine).
    public func waitForExit() async -> Int32 {
        if let waitStatus { return Self.exitCode(waitStatus) }
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            try? await Task.sleep(for: .milliseconds(10))
        }
        waitStatus = status
        return Self.exitCode(status)
    }

    /// Waits for the child to exit, blocking the thread (for code outside Swift concurrency's pool).
    public func waitForExitBlocking() -> Int32 {
        if let waitStatus { return Self.exitCode(waitStatus) }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        waitStatus = status
        return Self.exitCode(status)
    }

    private static func exitCode(_ status: Int32) -> Int32 {
        (status & 0x7F) == 0 ? (status >> 8) & 0xFF : -1
    }

    /// Runs a command to completion and returns its status and standard output.
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws
        -> (status: Int32, output: String)
    {
        let process = try SpawnedProcess(executable, arguments, environment: environment)
        let status = process.waitForExitBlocking()
        return (status, process.standardOutput)
    }

    deinit {
        if !reaped { stop(signal: SIGKILL) }
        try? FileManager.default.removeItem(atPath: (stdoutPath as NSString).deletingLastPathComponent)
    }
}

/// A child process that could not be started, or did not do what was waited for.
public struct SpawnError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

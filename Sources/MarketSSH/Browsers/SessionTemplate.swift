import CPosixSpawn
import Foundation
public import Logging
import NIOConcurrencyHelpers

/// The front's side of its session template (`SessionTemplateLoop`): a warm process of this program that forks
/// each visitor's browser, so that a start costs a fork and the session's own work instead of loading,
/// linking and warming a whole program (docs/DECISIONS.md, docs/BENCHMARKS.md).
///
/// The browser is the front's child as a spawned one is (the front is made their subreaper and the template
/// forks through a go-between), so the front reaps it, signals it and reads its status the same way. A
/// template that dies, hangs or refuses is replaced by a new one for the next visitor; meanwhile, and when
/// no template can be had at all, browsers are spawned as before (`PseudoTerminal.spawn`), and the log says so.
public final class SessionTemplate: Sendable {
    /// How long the front waits for the template's answer before it gives up on it.
    static let patience: Duration = .seconds(5)

    private struct Running {
        var pid: pid_t
        var socket: Int32
    }

    private let executable: String
    private let warmUp: [String]
    private let environment: [String: String]
    private let logger: Logger
    private let running = NIOLockedValueBox<Running?>(nil)
    private let failures = NIOLockedValueBox(0)

    /// Starts a template of `executable` that warms up on the browsers' common `arguments` and `environment`.
    /// Throws when this process cannot be its browsers' subreaper or the template cannot be spawned.
    public init(executable: String, arguments: [String], environment: [String: String], logger: Logger) throws {
        self.executable = executable
        self.warmUp = arguments
        self.environment = environment
        self.logger = logger
        let error = cps_become_subreaper()
        guard error == 0 else { throw POSIXError(POSIXErrorCode(rawValue: error) ?? .EPERM) }
        try running.withLockedValue { $0 = try start() }
    }

    deinit {
        stop()
    }

    /// The template's pid (nil while there is none).
    public var pid: pid_t? { running.withLockedValue { $0?.pid } }

    /// How many times the template has failed and been replaced.
    public var failureCount: Int { failures.withLockedValue { $0 } }

    /// Ends the template: it exits once its socket closes; it is reaped here.
    public func stop() {
        guard let old = running.withLockedValue({ old in defer { old = nil }; return old }) else { return }
        end(old)
    }

    /// A browser for `request` on `terminal` (the pty's slave side), with `inherited` passed on as the request's
    /// `inheritedAs`: its pid, the front's child. Throws when the template failed (it is replaced for the next).
    func spawn(_ request: SessionTemplateRequest, terminal: Int32, inherited: Int32?) throws -> pid_t {
        guard let message = request.encoded else { throw POSIXError(.E2BIG) }
        return try running.withLockedValue { running in
            if running == nil { running = try start() }
            guard let current = running else { throw POSIXError(.ECHILD) }
            do {
                return try ask(current, message: message, descriptors: [terminal] + (inherited.map { [$0] } ?? []))
            } catch let error as POSIXError where error.code == .EINVAL || error.code == .EMSGSIZE {
                // The template refused this request and is well.
                throw error
            } catch {
                failures.withLockedValue { $0 += 1 }
                logger.notice("session template \(current.pid) failed (\(error)); this visitor's browser is spawned afresh, and a new template starts")
                end(current)
                // Warm by the next visitor; if it cannot start now, the next visitor tries again.
                running = try? start()
                throw error
            }
        }
    }

    private func ask(_ template: Running, message: [UInt8], descriptors: [Int32]) throws -> pid_t {
        let sent = message.withUnsafeBytes { bytes in
            cps_send_with_descriptors(template.socket, bytes.baseAddress, bytes.count, descriptors, Int32(descriptors.count))
        }
        guard sent == message.count else { throw POSIXError(POSIXErrorCode(rawValue: Int32(-min(sent, -1))) ?? .EIO) }
        var answer: Int32 = 0
        var none = [Int32](repeating: -1, count: Int(CPS_MOST_DESCRIPTORS))
        var noneCount: Int32 = 0
        let received = withUnsafeMutableBytes(of: &answer) { bytes in
            cps_receive_with_descriptors(template.socket, bytes.baseAddress, bytes.count, &none, &noneCount)
        }
        none.prefix(Int(noneCount)).forEach { close($0) }
        // A timeout (EAGAIN) or the template gone (0) alike: this template is done.
        guard received == MemoryLayout<Int32>.size else { throw POSIXError(received == 0 ? .ECHILD : POSIXErrorCode(rawValue: Int32(-received)) ?? .EIO) }
        guard answer > 0 else { throw POSIXError(POSIXErrorCode(rawValue: -answer) ?? .EIO) }
        return answer
    }

    /// A new template on one end of a fresh socket pair.
    private func start() throws -> Running {
        var pair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        defer { close(pair[1]) }
        var timeout = timeval(tv_sec: Int(Self.patience.components.seconds), tv_usec: 0)
        setsockopt(pair[0], SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(pair[0], SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let pid: pid_t
        do {
            pid = try PseudoTerminal.spawnPlain(
                executable: executable, arguments: [SessionTemplateLoop.command] + warmUp, environment: environment,
                inherited: (pair[1], SessionTemplateLoop.socketDescriptor))
        } catch {
            close(pair[0])
            throw error
        }
        logger.info("session template \(pid) started")
        return Running(pid: pid, socket: pair[0])
    }

    /// Closes the template's socket (it exits) and reaps it, killing it if it lingers.
    private func end(_ template: Running) {
        close(template.socket)
        let pid = template.pid
        Thread.detachNewThread {
            var status: Int32 = 0
            for _ in 0..<20 {
                if waitpid(pid, &status, WNOHANG) == pid { return }
                usleep(50_000)
            }
            kill(pid, SIGKILL)
            while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        }
    }
}

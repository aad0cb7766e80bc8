import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// How the front learns when a visitor saw the first page: every browser it starts inherits the write end
/// of one pipe as descriptor 3 (`OPENMARKET_REPORT_FD`) and writes `first-page PID` there once its first
/// page is painted; the front times it from the connection's arrival (`openmarket_ssh_first_page_seconds`).
/// One pipe for all sessions: lines shorter than `PIPE_BUF` are written whole, never interleaved.
final class FirstPageReports: Sendable {
    /// The descriptor the browsers write to (in their process).
    static let childDescriptor: Int32 = 3
    /// The environment variable that tells a browser where to write.
    static let environmentKey = "OPENMARKET_REPORT_FD"

    /// The write end, kept open here so the pipe never ends while the front runs; close-on-exec.
    let writeEnd: Int32
    private let metrics: SSHMetrics
    /// Browsers whose first page is awaited: when their connection arrived, and their place at the start gate.
    private let waiting = NIOLockedValueBox([pid_t: (opened: ContinuousClock.Instant, start: StartGate.Ticket?)]())

    init(writeEnd: Int32, metrics: SSHMetrics) {
        self.writeEnd = writeEnd
        self.metrics = metrics
    }

    /// Opens the pipe and starts reading it on `group`.
    static func start(on group: any EventLoopGroup, metrics: SSHMetrics) async throws -> FirstPageReports {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let reports = FirstPageReports(writeEnd: ends[1], metrics: metrics)
        _ = try await NIOPipeBootstrap(group: group)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ReportLines(reports: reports))
                }
            }
            .takingOwnershipOfDescriptor(input: ends[0])
            .get()
        return reports
    }

    /// A browser `pid` was started for a connection that arrived at `opened`; its first page (or its exit)
    /// gives up its place at the start gate.
    func expect(_ pid: pid_t, since opened: ContinuousClock.Instant, start: StartGate.Ticket? = nil) {
        waiting.withLockedValue { $0[pid] = (opened, start) }
    }

    /// The browser `pid` exited (its report, if it never came, is not waited for any more).
    func forget(_ pid: pid_t) {
        waiting.withLockedValue { $0.removeValue(forKey: pid) }?.start?.leave()
    }

    /// One line from the pipe.
    /// Returns whether it timed a first page (a report for a browser being waited for, once).
    @discardableResult
    func received(_ line: Substring, now: ContinuousClock.Instant = .now) -> Bool {
        guard let pid = Self.pid(inLine: line),
            let awaited = waiting.withLockedValue({ $0.removeValue(forKey: pid) })
        else { return false }
        metrics.firstPage.recordNanoseconds(Int64(clamping: (now - awaited.opened).nanoseconds))
        awaited.start?.leave()
        return true
    }

    /// The browser's pid in a `first-page PID` line; nil for anything else.
    static func pid(inLine line: Substring) -> pid_t? {
        let words = line.split(separator: " ")
        guard words.count == 2, words[0] == "first-page" else { return nil }
        return pid_t(words[1])
    }

    /// Splits what the pipe carries into lines.
    private final class ReportLines: ChannelInboundHandler, @unchecked Sendable {
        typealias InboundIn = ByteBuffer
        private let reports: FirstPageReports
        private var partial = ""

        init(reports: FirstPageReports) {
            self.reports = reports
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            var bytes = unwrapInboundIn(data)
            partial += bytes.readString(length: bytes.readableBytes) ?? ""
            while let newline = partial.firstIndex(of: "\n") {
                reports.received(partial[..<newline])
                partial = String(partial[partial.index(after: newline)...])
            }
            if partial.utf8.count > 4096 { partial = "" }  // not ours: never grows without bound
        }
    }
}

extension Duration {
    /// The whole duration in nanoseconds (saturating).
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds.multipliedReportingOverflow(by: 1_000_000_000).overflow
            ? .max : seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}

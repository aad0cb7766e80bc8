import Logging
import NIOConcurrencyHelpers
import Testing

@testable import Notices

/// A log handler that keeps the messages it is given.
struct KeptLines: LogHandler {
    let lines: NIOLockedValueBox<[String]>
    var logLevel: Logger.Level = .trace
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        lines.withLockedValue { $0.append("\(event.level) \(event.message)") }
    }
}

@Suite("Throttled notices: one line per kind per interval, counting what it stands for")
struct NoticeThrottleTests {
    let start = ContinuousClock.now

    @Test("the first event of a kind is said at once; the next ones within the interval are counted, and said with the next line after it; kinds apart")
    func throttled() {
        let lines = NIOLockedValueBox<[String]>([])
        let now = NIOLockedValueBox(start)
        let logger = Logger(label: "test") { _ in KeptLines(lines: lines) }
        let throttle = NoticeThrottle(logger: logger, interval: .seconds(10), now: { now.withLockedValue { $0 } })
        func post(_ kind: String) { throttle.post(kind) { "\(kind): \($0) refused" } }

        post("full")
        #expect(lines.withLockedValue { $0 } == ["notice full: 1 refused"])
        for _ in 0..<4 { post("full") }
        post("slow")
        #expect(lines.withLockedValue { $0 } == ["notice full: 1 refused", "notice slow: 1 refused"], "four counted, not said")
        now.withLockedValue { $0 = start + .milliseconds(9_999) }
        post("full")
        #expect(lines.withLockedValue { $0 }.count == 2, "still within 10 s")
        now.withLockedValue { $0 = start + .seconds(10) }
        post("full")
        #expect(lines.withLockedValue { $0 }.last == "notice full: 6 refused", "the five counted meanwhile and this one")
        now.withLockedValue { $0 = start + .seconds(25) }
        post("full")
        #expect(lines.withLockedValue { $0 }.last == "notice full: 1 refused", "the count starts again")
    }
}

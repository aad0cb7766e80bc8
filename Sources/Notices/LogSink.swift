import NIOConcurrencyHelpers
import Foundation

/// Where log lines go: a file descriptor written in batches. Lines collect in memory and are written
/// when 32 KiB have gathered, when `flush()` is called (a timer calls it several times a second), or
/// at once for warnings and worse — so a busy server makes a few large writes instead of one per request.
public final class LogSink: Sendable {
    private struct State {
        var buffer: [UInt8] = []
        var second = 0
        var stamp = ""
    }

    private let descriptor: Int32
    private let state = NIOLockedValueBox(State())
    private let threshold = 32 * 1024

    /// A sink writing to `descriptor` (2 is standard error).
    public init(descriptor: Int32 = 2) {
        self.descriptor = descriptor
    }

    /// Adds one line; writes at once when `urgent` or when the buffer is full.
    func append(level: String, label: String, message: String, urgent: Bool) {
        let now = Date().timeIntervalSince1970
        let pending: [UInt8]? = state.withLockedValue { state in
            let second = Int(now)
            if second != state.second {
                state.second = second
                state.stamp = Date(timeIntervalSince1970: Double(second)).formatted(.iso8601)
            }
            state.buffer.append(contentsOf: state.stamp.utf8)
            state.buffer.append(0x20)
            state.buffer.append(contentsOf: level.utf8)
            state.buffer.append(0x20)
            state.buffer.append(contentsOf: label.utf8)
            state.buffer.append(contentsOf: ": ".utf8)
            state.buffer.append(contentsOf: message.utf8)
            state.buffer.append(0x0A)
            guard urgent || state.buffer.count >= threshold else { return nil }
            defer { state.buffer.removeAll(keepingCapacity: true) }
            return state.buffer
        }
        if let pending { write(pending) }
    }

    /// Writes whatever is buffered.
    public func flush() {
        let pending: [UInt8] = state.withLockedValue { state in
            defer { state.buffer.removeAll(keepingCapacity: true) }
            return state.buffer
        }
        if !pending.isEmpty { write(pending) }
    }

    private func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Foundation.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if n <= 0 { return }
                offset += n
            }
        }
    }

    /// Flushes every `interval` until the task is cancelled (then flushes once more).
    public func runFlusher(every interval: Duration = .milliseconds(250)) async {
        while !Task.isCancelled {
            try? await Task.sleep(for: interval)
            flush()
        }
        flush()
    }
}

import NIOConcurrencyHelpers
import Testing

@testable import MarketServer

/// The deadlines of a PostgreSQL transaction (getting a connection, then the whole transaction) hold even
/// for work that ignores cancellation. The work here never ends until the test opens its gate, so a run
/// that returns at all was not held by it; no wall-clock bound beyond the lower ones (a busy machine may
/// give the timer its thread late, which is not what these tests are about).
@Suite("Deadline", .timeLimit(.minutes(1)))
struct DeadlineTests {
    /// Work that ends only when released: cancellation does not end it (as a lost connection's read).
    final class Gate: Sendable {
        private let waiting = NIOLockedValueBox<(open: Bool, continuation: CheckedContinuation<Void, Never>?)>((false, nil))

        func wait() async {
            await withCheckedContinuation { continuation in
                let open = waiting.withLockedValue { state in
                    if !state.open { state.continuation = continuation }
                    return state.open
                }
                if open { continuation.resume() }
            }
        }

        func open() {
            waiting.withLockedValue { state in
                state.open = true
                return state.continuation.take()
            }?.resume()
        }
    }

    @Test("work done in time gives its result; work that fails gives its error")
    func inTime() async throws {
        #expect(try await Deadline.run(within: .seconds(30)) { 42 } == 42)
        struct Broken: Error {}
        await #expect(throws: Broken.self) { try await Deadline.run(within: .seconds(30)) { throw Broken() } }
    }

    @Test("work that ignores cancellation past the first deadline: DeadlinePassed, and the work is cancelled")
    func firstDeadline() async throws {
        let gate = Gate()
        let cancelled = NIOLockedValueBox(false)
        let started = ContinuousClock.now
        await #expect(throws: DeadlinePassed.self) {
            try await Deadline.run(within: .milliseconds(100)) {
                await withTaskCancellationHandler { await gate.wait() } onCancel: { cancelled.withLockedValue { $0 = true } }
            }
        }
        #expect(ContinuousClock.now - started >= .milliseconds(100))
        #expect(cancelled.withLockedValue { $0 })
        gate.open()
    }

    @Test("once met, the first deadline no longer holds: the work may finish after it")
    func metWithoutLast() async throws {
        let gate = Gate()
        let met = NIOLockedValueBox(false)
        let run = Task {
            try await Deadline.run(within: .milliseconds(50), unless: { met.withLockedValue { $0 } }) {
                met.withLockedValue { $0 = true }
                await gate.wait()
                return "done"
            }
        }
        try await Task.sleep(for: .milliseconds(300))
        gate.open()
        #expect(try await run.value == "done")
    }

    @Test("once met, the last deadline still holds")
    func metThenLast() async throws {
        let gate = Gate()
        let started = ContinuousClock.now
        await #expect(throws: DeadlinePassed.self) {
            try await Deadline.run(within: .milliseconds(50), unless: { true }, atMost: .milliseconds(300)) {
                await gate.wait()
            }
        }
        let elapsed = ContinuousClock.now - started
        #expect(elapsed >= .milliseconds(300), "\(elapsed)")
        gate.open()
    }
}

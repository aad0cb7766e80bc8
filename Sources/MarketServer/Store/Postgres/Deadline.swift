import NIOConcurrencyHelpers

/// The operation did not finish within its deadline.
struct DeadlinePassed: Error {}

/// Runs an operation with deadlines that hold even when the operation ignores cancellation: the caller
/// gets `DeadlinePassed` once `first` has passed — unless `met()` says by then that what the first deadline
/// guards has happened (a connection was lent), and then once `last` has passed in all (never, without
/// one). The operation is cancelled and left to end on its own.
enum Deadline {
    private struct Race<Result: Sendable> {
        var waiting: CheckedContinuation<Result, any Error>?
        var timer: Task<Void, Never>?
    }

    static func run<Result: Sendable>(
        within first: Duration, unless met: @escaping @Sendable () -> Bool = { false }, atMost last: Duration? = nil,
        _ operation: @escaping @Sendable () async throws -> Result
    ) async throws -> Result {
        let race = NIOLockedValueBox(Race<Result>())
        return try await withCheckedThrowingContinuation { continuation in
            race.withLockedValue { $0.waiting = continuation }
            let work = Task {
                let outcome: Swift.Result<Result, any Error>
                do {
                    outcome = .success(try await operation())
                } catch {
                    outcome = .failure(error)
                }
                let (waiting, timer) = race.withLockedValue { race in (race.waiting.take(), race.timer) }
                timer?.cancel()
                waiting?.resume(with: outcome)
            }
            let timer = Task {
                do {
                    try await Task.sleep(for: first)
                    if met() {
                        guard let last, last > first else { return }
                        try await Task.sleep(for: last - first)
                    }
                } catch {
                    return
                }
                if let waiting = race.withLockedValue({ $0.waiting.take() }) {
                    work.cancel()
                    waiting.resume(throwing: DeadlinePassed())
                }
            }
            // The work may have finished before the timer was stored: then no one else cancels it.
            let finished = race.withLockedValue { race in
                race.timer = timer
                return race.waiting == nil
            }
            if finished { timer.cancel() }
        }
    }
}

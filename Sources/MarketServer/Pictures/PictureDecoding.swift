import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// Where uploaded pictures are decoded: off the request path, on NIO's blocking thread pool, at most `workers`
/// at once, with at most `waiting` more queued. An upload past that is refused at once with 503 and a
/// `Retry-After` (`APIError.busy`), so a vendor sending large pictures costs other clients nothing but a place
/// in this queue: the cooperative threads that answer every other request are never held by a decode.
final class PictureDecoding: Sendable {
    /// The queue is full.
    struct Busy: Error {}

    private struct State {
        /// Decodes running or waiting for a worker.
        var admitted = 0
        /// Workers taken.
        var running = 0
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    let workers: Int
    let waiting: Int
    private let pool: NIOThreadPool
    private let state = NIOLockedValueBox(State())

    /// - Parameters:
    ///   - workers: decodes at once; by default half the cores (at least one), so the other half answers.
    ///   - waiting: decodes queued behind them before uploads are refused.
    init(workers: Int = max(1, System.coreCount / 2), waiting: Int = 8, pool: NIOThreadPool = .singleton) {
        self.workers = max(1, workers)
        self.waiting = max(0, waiting)
        self.pool = pool
    }

    /// Decodes running or waiting, now.
    var load: Int { state.withLockedValue { $0.admitted } }

    /// Runs `work` on the pool when a worker is free; throws `Busy` at once when the queue is full.
    func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        let entered = state.withLockedValue { state -> Bool in
            guard state.admitted < workers + waiting else { return false }
            state.admitted += 1
            return true
        }
        guard entered else { throw Busy() }
        defer { state.withLockedValue { $0.admitted -= 1 } }
        await acquire()
        defer { release() }
        return try await pool.runIfActive(work)
    }

    private func acquire() async {
        await withCheckedContinuation { continuation in
            let now = state.withLockedValue { state -> Bool in
                guard state.running < workers else {
                    state.waiters.append(continuation)
                    return false
                }
                state.running += 1
                return true
            }
            if now { continuation.resume() }
        }
    }

    /// Hands the worker to the first waiter, or gives it back.
    private func release() {
        let next = state.withLockedValue { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiters.isEmpty else {
                state.running -= 1
                return nil
            }
            return state.waiters.removeFirst()
        }
        next?.resume()
    }
}

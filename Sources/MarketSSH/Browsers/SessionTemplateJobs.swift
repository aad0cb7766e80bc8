import CTaskHooks
import Foundation
import NIOConcurrencyHelpers
public import NIOCore

/// Async work run to its end on the session template's one thread, before it forks: the browser's first
/// requests to the market, so that each forked browser finds SwiftNIO's and AsyncHTTPClient's first uses made
/// (their type metadata and conformance lookups were a third of a forked start's CPU; docs/BENCHMARKS.md).
///
/// The template may have no thread of the concurrency runtime's: libdispatch, the runtime's global executor,
/// marks the children of a process in which it ever started a thread as unusable (its fork handler poisons
/// their queues). So while `run` works, every job the runtime would give libdispatch — a task started, a
/// continuation resumed from an event loop, an actor's turn, a timed job — is taken by this thread instead
/// (`CTaskHooks`: the runtime's enqueue hooks), and the event loop the work uses is the caller's own, whose
/// thread is retired (`retire`) before the template forks: SwiftNIO's own shutdown reports on libdispatch
/// queues, so its group is left as it is, never used again. `Task.sleep` is not hooked in this runtime (it
/// asks the default executor directly): the work must not sleep, and `endedSingleThreaded` tells whether all
/// went as it should before the template forks.
public enum SessionTemplateJobs {
    /// Runs `work` on this thread, taking every job it leads to, until it ends or `limit` has passed; returns
    /// whether it ended. The runtime's executors stay with this thread until `release()`: jobs that come while
    /// the caller shuts its event loops down are run by `drain`.
    public static func run(within limit: Duration, _ work: @escaping @Sendable () async -> Void) -> Bool {
        guard cth_install() == 0 else { return false }
        let ended = NIOLockedValueBox(false)
        Task {
            await work()
            ended.withLockedValue { $0 = true }
            cth_wake()
        }
        let until = cth_now() + limit.nanoseconds
        while !ended.withLockedValue({ $0 }), cth_now() < until {
            if let job = cth_next_job(until) { cth_run_job(job) }
        }
        return ended.withLockedValue { $0 }
    }

    /// Runs the jobs that come during `limit` (an idle connection closed after the work ended).
    public static func drain(for limit: Duration) {
        let until = cth_now() + limit.nanoseconds
        while cth_now() < until {
            if let job = cth_next_job(until) { cth_run_job(job) }
        }
    }

    /// Ends `loop`'s thread from a task of its own, where it holds no lock, and waits (a second at most) until
    /// it is gone; returns whether this process is then single-threaded. The loop must never be used again.
    @discardableResult
    public static func retire(_ loop: any EventLoop) -> Bool {
        loop.execute { cth_retire_thread() }
        let until = cth_now() + 1_000_000_000
        while !endedSingleThreaded, cth_now() < until { usleep(1_000) }
        return endedSingleThreaded
    }

    /// Gives the runtime its executors back; jobs still waiting (a timer nobody waits for) are forgotten, and
    /// their number returned.
    @discardableResult
    public static func release() -> Int {
        Int(cth_uninstall())
    }

    /// Whether this process has one thread: a fork copies only the thread that forks, so any other would leave
    /// its locks held in every browser for ever.
    public static var endedSingleThreaded: Bool { cth_thread_count() == 1 }
}

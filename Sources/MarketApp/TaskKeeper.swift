import NIOConcurrencyHelpers
import Synchronization

/// Keeps every task the runtime starts until it ends, so that at exit all of them are cancelled and
/// waited for: nothing the browser started runs on (or sends into its queue) after it has quit.
/// Tasks remove themselves when they end, so a long session does not collect handles.
final class TaskKeeper: Sendable {
    private struct Tasks {
        var running: [Int: Task<Void, Never>] = [:]
        /// Tasks that ended before their handle was stored (their end won the race with `start`).
        var endedEarly: Set<Int> = []
        var next = 0
    }

    private let tasks = NIOLockedValueBox(Tasks())

    /// How many started tasks have not ended yet.
    var count: Int { tasks.withLockedValue { $0.running.count } }

    /// Starts `operation` as a task; the handle is for cancelling it early (a page load a newer one replaces).
    @discardableResult
    func start(_ operation: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        keep { id in Task { await operation(); self.ended(id) } }
    }

    /// Starts `operation` off the caller's executor, for work that blocks a thread (reading a picture file).
    @discardableResult
    func startDetached(_ operation: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        keep { id in Task.detached { await operation(); self.ended(id) } }
    }

    /// Cancels every task and waits for them to end, but no longer than `limit` (a task blocked in a
    /// system call cannot be interrupted; it is left to end on its own). Returns how many were still
    /// running when the limit passed.
    @discardableResult
    func cancelAll(waitingAtMost limit: Duration) async -> Int {
        let handles = tasks.withLockedValue { Array($0.running.values) }
        for task in handles { task.cancel() }
        let deadline = ContinuousClock.now + limit
        while count > 0, ContinuousClock.now < deadline, !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(5))
        }
        return count
    }

    private func keep(_ make: (Int) -> Task<Void, Never>) -> Task<Void, Never> {
        let id = tasks.withLockedValue { tasks in
            tasks.next += 1
            return tasks.next
        }
        let task = make(id)
        tasks.withLockedValue { tasks in
            if tasks.endedEarly.remove(id) == nil { tasks.running[id] = task }
        }
        return task
    }

    private func ended(_ id: Int) {
        tasks.withLockedValue { tasks in
            if tasks.running.removeValue(forKey: id) == nil { tasks.endedEarly.insert(id) }
        }
    }
}

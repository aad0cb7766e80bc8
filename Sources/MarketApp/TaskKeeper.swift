import NIOConcurrencyHelpers

/// Keeps every task the runtime starts until it ends, so that at exit all of them are cancelled and
/// waited for: nothing the browser started runs on (or sends into its queue) after it has quit.
/// A task may have a key: starting another with the same key cancels the first (a newer page load
/// replaces an older one), and `keep(only:)` cancels those whose key is no longer wanted (pictures
/// scrolled away, a detail closed while loading). Tasks remove themselves when they end, so a long
/// session does not collect handles.
final class TaskKeeper<Key: Hashable & Sendable>: Sendable {
    private struct Tasks {
        /// Every task not ended yet, by serial number (replaced tasks too, until they end).
        var running: [Int: Task<Void, Never>] = [:]
        /// The task now doing each key's work.
        var byKey: [Key: Int] = [:]
        var keyOf: [Int: Key] = [:]
        /// Tasks that ended before their handle was stored (their end won the race with `start`).
        var endedEarly: Set<Int> = []
        var next = 0
    }

    private let tasks = NIOLockedValueBox(Tasks())

    init() {}

    /// How many started tasks have not ended yet.
    var count: Int { tasks.withLockedValue { $0.running.count } }

    /// The keys whose task is still running.
    var keys: Set<Key> { tasks.withLockedValue { Set($0.byKey.keys) } }

    /// Starts `operation` as a task (preferring `executor`, when given); with a key, it replaces (cancels) the
    /// task that had the key.
    @discardableResult
    func start(
        _ key: Key? = nil, on executor: (any TaskExecutor)? = nil, _ operation: @escaping @Sendable () async -> Void
    ) -> Task<Void, Never> {
        keep(key) { id in Task(executorPreference: executor) { await operation(); self.ended(id) } }
    }

    /// Starts `operation` off the caller's executor, for work that blocks a thread (reading a picture file).
    @discardableResult
    func startDetached(_ key: Key? = nil, _ operation: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        keep(key) { id in Task.detached { await operation(); self.ended(id) } }
    }

    /// Whether a task with `key` is running.
    func isRunning(_ key: Key) -> Bool { tasks.withLockedValue { $0.byKey[key] != nil } }

    /// Cancels the task of `key`, if one runs.
    func cancel(_ key: Key) {
        let task = tasks.withLockedValue { tasks -> Task<Void, Never>? in
            guard let id = tasks.byKey.removeValue(forKey: key) else { return nil }
            tasks.keyOf[id] = nil
            return tasks.running[id]
        }
        task?.cancel()
    }

    /// Cancels every keyed task whose key `wanted` rejects. Returns the keys cancelled.
    @discardableResult
    func keep(only wanted: (Key) -> Bool) -> [Key] {
        let unwanted = tasks.withLockedValue { tasks in tasks.byKey.keys.filter { !wanted($0) } }
        for key in unwanted { cancel(key) }
        return unwanted
    }

    /// Waits for the keyed tasks that `which` selects to end by themselves (none is cancelled), but no longer
    /// than `limit`. Returns how many of them were still running when the limit passed.
    @discardableResult
    func awaitEnd(of which: (Key) -> Bool, waitingAtMost limit: Duration) async -> Int {
        await wait(atMost: limit) { tasks.withLockedValue { $0.byKey.keys.filter(which).count } }
    }

    /// Cancels every task and waits for them to end, but no longer than `limit` (a task blocked in a
    /// system call cannot be interrupted; it is left to end on its own). Returns how many were still
    /// running when the limit passed.
    @discardableResult
    func cancelAll(waitingAtMost limit: Duration) async -> Int {
        let handles = tasks.withLockedValue { Array($0.running.values) }
        for task in handles { task.cancel() }
        return await wait(atMost: limit) { count }
    }

    /// Looks every 5 ms until `left` says none is left or `limit` has passed; returns what is left then.
    private func wait(atMost limit: Duration, _ left: () -> Int) async -> Int {
        let deadline = ContinuousClock.now + limit
        while left() > 0, ContinuousClock.now < deadline, !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(5))
        }
        return left()
    }

    private func keep(_ key: Key?, _ make: (Int) -> Task<Void, Never>) -> Task<Void, Never> {
        let (id, replaced) = tasks.withLockedValue { tasks -> (Int, Task<Void, Never>?) in
            tasks.next += 1
            let id = tasks.next
            guard let key else { return (id, nil) }
            var replaced: Task<Void, Never>?
            if let old = tasks.byKey[key] {
                replaced = tasks.running[old]
                tasks.keyOf[old] = nil
            }
            tasks.byKey[key] = id
            tasks.keyOf[id] = key
            return (id, replaced)
        }
        replaced?.cancel()
        let task = make(id)
        tasks.withLockedValue { tasks in
            if tasks.endedEarly.remove(id) == nil { tasks.running[id] = task }
        }
        return task
    }

    private func ended(_ id: Int) {
        tasks.withLockedValue { tasks in
            if tasks.running.removeValue(forKey: id) == nil { tasks.endedEarly.insert(id) }
            if let key = tasks.keyOf.removeValue(forKey: id), tasks.byKey[key] == id { tasks.byKey[key] = nil }
        }
    }
}

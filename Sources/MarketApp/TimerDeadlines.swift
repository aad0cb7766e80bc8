import NIOConcurrencyHelpers

/// When each keyed timer of the loop is due and what it sends then. A newer timer of a key whose waiting task
/// is due no later moves that task's deadline and takes over what it sends, instead of replacing the task (a
/// cancel and a start: four thread wakes in a browser, a quarter of what an edit cost each visitor when a
/// product on every screen changed each second, since every change marks the product for three seconds). The
/// waiting task, woken at the old deadline, waits on for the new one (`next`).
///
/// What is sent, and when, is what replacing gave: the newest timer's event at the newest deadline, once.
final class TimerDeadlines<Key: Hashable & Sendable, Event: Sendable>: Sendable {
    private struct Deadline {
        var due: Duration
        var event: Event
        /// The waiting task this deadline is for.
        let waiter: Int
    }

    /// What a waiting task does next.
    enum Next {
        /// Sleep this much longer: the deadline moved.
        case wait(Duration)
        /// Send this: the deadline has come (it is forgotten).
        case fire(Event)
        /// Nothing: another task waits for this key now, or this one fired.
        case end
    }

    private let deadlines = NIOLockedValueBox<(byKey: [Key: Deadline], lastWaiter: Int)>(([:], 0))

    init() {}

    /// Sets `key`'s timer to `due` (on the loop's elapsed time), sending `event` then. `waiting`: whether the
    /// task last started for `key` still runs uncancelled. Returns the number of a task to start for it
    /// (`next` takes it), or nil when the waiting task is due no later and now waits for this deadline instead.
    func set(_ key: Key, due: Duration, event: Event, waiting: Bool) -> Int? {
        deadlines.withLockedValue { deadlines in
            if waiting, var deadline = deadlines.byKey[key], deadline.due <= due {
                deadline.due = due
                deadline.event = event
                deadlines.byKey[key] = deadline
                return nil
            }
            deadlines.lastWaiter += 1
            deadlines.byKey[key] = Deadline(due: due, event: event, waiter: deadlines.lastWaiter)
            return deadlines.lastWaiter
        }
    }

    /// What task `waiter` of `key` does at `now`: wait on, send its event (and forget the deadline), or end.
    func next(_ key: Key, waiter: Int, now: Duration) -> Next {
        deadlines.withLockedValue { deadlines in
            guard let deadline = deadlines.byKey[key], deadline.waiter == waiter else { return .end }
            if deadline.due > now { return .wait(deadline.due - now) }
            deadlines.byKey[key] = nil
            return .fire(deadline.event)
        }
    }

    /// Task `waiter` of `key` was cancelled: its deadline is forgotten (unless a newer task has the key).
    func cancelled(_ key: Key, waiter: Int) {
        deadlines.withLockedValue { deadlines in
            if deadlines.byKey[key]?.waiter == waiter { deadlines.byKey[key] = nil }
        }
    }

    /// How many deadlines are kept (one fired or cancelled is forgotten).
    var count: Int { deadlines.withLockedValue { $0.byKey.count } }
}

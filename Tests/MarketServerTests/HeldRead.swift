import NIOConcurrencyHelpers

/// Holds one read of a test store inside the store, after it has read, until released: `hold()` arms it, the store
/// calls `pass()` after reading, the test waits in `reached()` for that read and lets it go with `release()`.
final class HeldRead: Sendable {
    private struct State {
        var armed = false
        var held: CheckedContinuation<Void, Never>?
        var reached = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = NIOLockedValueBox(State())

    /// The next read waits in `pass()` until `release()`.
    func hold() {
        state.withLockedValue { $0.armed = true }
    }

    /// Returns once a held read has read the store.
    func reached() async {
        await withCheckedContinuation { continuation in
            let now = state.withLockedValue { state in
                if state.reached { return true }
                state.waiter = continuation
                return false
            }
            if now { continuation.resume() }
        }
    }

    func release() {
        state.withLockedValue { state in
            state.armed = false
            defer { state.held = nil }
            return state.held
        }?.resume()
    }

    /// Called by the store after its read: waits there while armed.
    func pass() async {
        guard state.withLockedValue({ $0.armed }) else { return }
        await withCheckedContinuation { continuation in
            state.withLockedValue { state in
                state.held = continuation
                state.reached = true
                defer { state.waiter = nil }
                return state.waiter
            }?.resume()
        }
    }
}

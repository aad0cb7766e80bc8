import NIOConcurrencyHelpers

/// Events from every source (terminal, network, timers) in one queue. The runtime takes them in
/// batches: everything that arrived while it was busy is handled before the next frame is drawn.
final class EventQueue<Event: Sendable>: Sendable {
    private let pending = NIOLockedValueBox<[Event]>([])
    /// Yields once whenever events were queued since it last yielded; the consumer waits on it.
    let arrivals: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    init() {
        (arrivals, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    func send(_ event: Event) {
        pending.withLockedValue { $0.append(event) }
        continuation.yield()
    }

    /// Everything queued so far.
    func takeAll() -> [Event] {
        pending.withLockedValue { queue in
            defer { queue.removeAll(keepingCapacity: true) }
            return queue
        }
    }

    func finish() {
        continuation.finish()
    }
}

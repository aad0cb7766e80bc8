import NIOConcurrencyHelpers
import NIOCore
import Synchronization

/// Encoded GET responses, kept until the next write. A page is read from SQLite and encoded once,
/// then served from memory until any product changes.
///
/// A reader notes the generation before it reads the database and stores its result only if no
/// write has happened since, so a response built from data older than a write is never cached.
final class ResponseCache: Sendable {
    private struct State {
        var generation = 0
        var entries: [String: ByteBuffer] = [:]
    }

    private let state = NIOLockedValueBox(State())
    private let capacity: Int
    private let early = Atomic<Int>(0)

    init(capacity: Int = 1024) {
        self.capacity = capacity
    }

    /// The key of a product list answer: the raw query string, so a hit needs no parsing at all.
    static func listKey(query: String?) -> String {
        "list?" + (query ?? "")
    }

    /// The key of one product's answer.
    static func productKey(_ id: Int) -> String {
        "product|\(id)"
    }

    /// The cached bytes and the current generation (to pass to `store` if they must be built).
    func lookup(_ key: String) -> (ByteBuffer?, generation: Int) {
        state.withLockedValue { ($0.entries[key], $0.generation) }
    }

    func store(_ bytes: ByteBuffer, for key: String, builtAt generation: Int) {
        state.withLockedValue { state in
            guard state.generation == generation else { return }
            if state.entries.count >= capacity { state.entries.removeAll(keepingCapacity: true) }
            state.entries[key] = bytes
        }
    }

    /// How many requests were answered from the cache before reaching the router.
    var earlyAnswers: Int { early.load(ordering: .relaxed) }

    /// Counts one answer given by `CachedResponseHandler`.
    func noteEarlyAnswer() {
        early.add(1, ordering: .relaxed)
    }

    /// Forgets everything; call after every committed write.
    func invalidate() {
        state.withLockedValue { state in
            state.generation += 1
            state.entries.removeAll(keepingCapacity: true)
        }
    }
}

/// The public base URL of the server (for absolute picture URLs); known only once the port is bound
/// when the server was asked for a free port.
final class PublicURL: Sendable {
    private let value: NIOLockedValueBox<String>

    init(_ initial: String) {
        value = NIOLockedValueBox(initial)
    }

    var current: String { value.withLockedValue { $0 } }

    func set(_ url: String) {
        value.withLockedValue { $0 = url }
    }
}

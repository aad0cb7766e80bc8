import Foundation

/// Runs seconds of synchronous work (encoding pictures, reading screenshots) on a thread of its own and
/// waits for it without holding one of the cooperative pool's threads — two on a 2-core machine, which
/// every other test's timers and network waits share.
public enum OwnThread {
    public static func run<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread { continuation.resume(with: Swift.Result { try work() }) }
            thread.stackSize = 8 << 20
            thread.start()
        }
    }
}

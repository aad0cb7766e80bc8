import Foundation
import NIOConcurrencyHelpers
@testable import MarketServer
import Testing

@Suite("Uploads are decoded on a bounded queue")
struct PictureDecodingTests {
    /// A gate a decode waits at until the test opens it (on the pool's thread, as a long decode would).
    final class Gate: Sendable {
        private let semaphore = DispatchSemaphore(value: 0)
        let entered = NIOLockedValueBox(0)
        func wait() {
            entered.withLockedValue { $0 += 1 }
            semaphore.wait()
        }
        func open(_ count: Int) { for _ in 0..<count { semaphore.signal() } }
    }

    @Test("one worker and one waiting: a third upload is refused at once (Busy), the first two finish in order; then there is room again")
    func queue() async throws {
        let decoding = PictureDecoding(workers: 1, waiting: 1)
        let gate = Gate()
        let order = NIOLockedValueBox<[Int]>([])
        let first = Task { try await decoding.run { gate.wait(); order.withLockedValue { $0.append(1) } } }
        // The first is running (it reached the gate) before the second is queued.
        let started = ContinuousClock.now
        while gate.entered.withLockedValue({ $0 }) == 0, ContinuousClock.now - started < .seconds(120) { try await Task.sleep(for: .milliseconds(5)) }
        let second = Task { try await decoding.run { order.withLockedValue { $0.append(2) } } }
        while decoding.load < 2, ContinuousClock.now - started < .seconds(120) { try await Task.sleep(for: .milliseconds(5)) }
        #expect(decoding.load == 2)
        await #expect(throws: PictureDecoding.Busy.self) { try await decoding.run { 3 } }
        #expect(order.withLockedValue { $0 }.isEmpty, "the second waits for the worker")
        gate.open(1)
        try await first.value
        try await second.value
        #expect(order.withLockedValue { $0 } == [1, 2])
        #expect(decoding.load == 0)
        #expect(try await decoding.run { 4 } == 4)
    }
}

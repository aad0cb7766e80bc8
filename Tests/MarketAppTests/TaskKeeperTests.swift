import Foundation
import Synchronization
import Testing

@testable import MarketApp

@Suite("Tasks the runtime keeps")
struct TaskKeeperTests {
    @Test("a task is kept while it runs and removes itself when it ends")
    func keptUntilEnded() async throws {
        let keeper = TaskKeeper<Int>()
        let gate = AsyncStream<Void>.makeStream()
        keeper.start { for await _ in gate.stream {} }
        #expect(keeper.count == 1)
        gate.continuation.finish()
        for _ in 0..<5000 where keeper.count > 0 { try await Task.sleep(for: .milliseconds(2)) }
        #expect(keeper.count == 0)
    }

    @Test("a task that ends before its handle is stored is not kept (no leak from the race)")
    func endsAtOnce() async throws {
        let keeper = TaskKeeper<Int>()
        for _ in 0..<200 { keeper.startDetached {} }
        for _ in 0..<5000 where keeper.count > 0 { try await Task.sleep(for: .milliseconds(2)) }
        #expect(keeper.count == 0)
    }

    @Test("cancelAll cancels sleeping tasks and returns once they have ended")
    func cancelsAndWaits() async {
        let keeper = TaskKeeper<Int>()
        let cancelled = Atomic(0)
        for _ in 0..<5 {
            keeper.start {
                do { try await Task.sleep(for: .seconds(600)) } catch { cancelled.add(1, ordering: .relaxed) }
            }
        }
        let started = ContinuousClock.now
        let left = await keeper.cancelAll(waitingAtMost: .seconds(120))
        #expect(left == 0)
        #expect(cancelled.load(ordering: .relaxed) == 5)
        // Far below the 600 s sleeps (the wrong outcome), far above what a starved pool on a busy 2-core
        // machine may take (35 s once in make test, while every suite starts at once).
        #expect(ContinuousClock.now - started < .seconds(120), "no waiting for the sleeps to run out")
    }

    @Test("a task that ignores cancellation does not hold cancelAll past its limit")
    func stubbornTask() async {
        let keeper = TaskKeeper<Int>()
        let release = Atomic(false)
        keeper.startDetached {
            while !release.load(ordering: .relaxed) { usleepSafe() }
        }
        let left = await keeper.cancelAll(waitingAtMost: .milliseconds(200))
        #expect(left == 1, "reported as still running")
        release.store(true, ordering: .relaxed)
    }

    @Test("awaitEnd waits for the tasks it selects to end by themselves, cancels nothing, and minds no other task")
    func awaitEndCancelsNothing() async {
        let keeper = TaskKeeper<String>()
        let release = AsyncStream<Void>.makeStream()
        let save = keeper.start("save") { for await _ in release.stream {} }
        let other = keeper.start("page") { try? await Task.sleep(for: .seconds(600)) }
        #expect(await keeper.awaitEnd(of: { $0 == "save" }, waitingAtMost: .milliseconds(50)) == 1, "still running at the limit")
        #expect(!save.isCancelled && !other.isCancelled)
        release.continuation.finish()
        #expect(await keeper.awaitEnd(of: { $0 == "save" }, waitingAtMost: .seconds(120)) == 0)
        #expect(keeper.keys == ["page"], "the page's sleep was not waited for")
        await keeper.cancelAll(waitingAtMost: .seconds(30))
    }

    @Test("a task started with a key replaces (cancels) the task that had it")
    func keyReplaces() async throws {
        let keeper = TaskKeeper<String>()
        let first = keeper.start("page") { try? await Task.sleep(for: .seconds(60)) }
        let second = keeper.start("page") { try? await Task.sleep(for: .seconds(60)) }
        #expect(first.isCancelled && !second.isCancelled)
        #expect(keeper.keys == ["page"] && keeper.isRunning("page"))
        await first.value
        #expect(keeper.isRunning("page"), "the replaced task ending does not take the key from the new one")
        await keeper.cancelAll(waitingAtMost: .seconds(30))
        #expect(keeper.keys.isEmpty && keeper.count == 0)
    }

    @Test("keep(only:) cancels the keyed tasks no longer wanted, and leaves the others and unkeyed ones")
    func keepOnly() async throws {
        let keeper = TaskKeeper<Int>()
        let tasks = (1...4).map { key in keeper.start(key) { try? await Task.sleep(for: .seconds(60)) } }
        let unkeyed = keeper.start { try? await Task.sleep(for: .seconds(60)) }
        let cancelled = keeper.keep { $0.isMultiple(of: 2) }
        #expect(Set(cancelled) == [1, 3])
        #expect(tasks.map(\.isCancelled) == [true, false, true, false] && !unkeyed.isCancelled)
        #expect(keeper.keys == [2, 4])
        await keeper.cancelAll(waitingAtMost: .seconds(30))
    }

    @Test("a keyed task that ends gives its key up")
    func keyEnds() async throws {
        let keeper = TaskKeeper<String>()
        await keeper.start("detail") {}.value
        for _ in 0..<5000 where keeper.count > 0 { try await Task.sleep(for: .milliseconds(2)) }
        #expect(!keeper.isRunning("detail") && keeper.keys.isEmpty)
    }
}

/// A 1 ms pause that does not care about cancellation (a blocking call, as a picture read is).
private func usleepSafe() {
    var pause = timespec(tv_sec: 0, tv_nsec: 1_000_000)
    nanosleep(&pause, nil)
}

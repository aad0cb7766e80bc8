import NIOConcurrencyHelpers
import Foundation
import Synchronization
import Testing

@testable import ImagePipeline

/// A loader the test opens by hand, counting calls and noticing cancellation.
final class GatedLoader: Sendable {
    private let state = NIOLockedValueBox<(calls: Int, cancelled: Int, open: Bool, failing: Bool)>((0, 0, false, false))

    var calls: Int { state.withLockedValue { $0.calls } }
    var cancelled: Int { state.withLockedValue { $0.cancelled } }

    func open() { state.withLockedValue { $0.open = true } }
    func fail() { state.withLockedValue { $0.failing = true } }

    func load(_ key: ImageCacheKey) async throws -> CellImage {
        state.withLockedValue { $0.calls += 1 }
        while !state.withLockedValue({ $0.open }) {
            if Task.isCancelled {
                state.withLockedValue { $0.cancelled += 1 }
                throw CancellationError()
            }
            try? await Task.sleep(for: .milliseconds(2))
        }
        if state.withLockedValue({ $0.failing }) { throw URLError(.badServerResponse) }
        let n = key.columns * key.rows
        return CellImage(
            columns: key.columns, rows: key.rows, palette: key.palette, glyphs: Array(repeating: "▀", count: n),
            foreground: Array(repeating: Int32(key.columns), count: n), background: Array(repeating: 16, count: n))
    }
}

@Suite("Image cache")
struct ImageCacheTests {
    func key(_ n: Int, columns: Int = 4) -> ImageCacheKey {
        ImageCacheKey(url: URL(string: "http://x.test/\(n).jpg")!, columns: columns, rows: 2, palette: .xterm256)
    }

    /// Waits up to 90 s for `condition`; a condition that never holds fails the test here, not later by accident.
    /// (90, not 20: in `make test` every suite starts at once, and the first tests to finish do so after ≈ 23 s.)
    func waitUntil(
        _ what: String, _ condition: @Sendable () async -> Bool, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let deadline = ContinuousClock.now + .seconds(90)
        // Looked at once more after the deadline: a task kept waiting for a thread judges what holds then.
        while true {
            let late = ContinuousClock.now >= deadline
            if await condition() { return }
            if late { break }
            try await Task.sleep(for: .milliseconds(1))
        }
        Issue.record("timed out waiting for \(what)", sourceLocation: sourceLocation)
        throw CancellationError()
    }

    @Test("concurrent requests for one key share one load")
    func sharing() async throws {
        let loader = GatedLoader()
        let cache = ImageCache { try await loader.load($0) }
        let k = key(1)
        async let a = cache.image(for: k)
        async let b = cache.image(for: k)
        async let c = cache.image(for: k)
        try await waitUntil("the first load") { loader.calls >= 1 }
        try await Task.sleep(for: .milliseconds(20))
        loader.open()
        let results = try await [a, b, c]
        #expect(results.allSatisfy { $0 == results[0] })
        #expect(loader.calls == 1)
        #expect(await cache.loadsStarted == 1)
        _ = try await cache.image(for: k)
        #expect(loader.calls == 1, "a hit does not load again")
        #expect(await cache.cached(k) != nil)
    }

    @Test("a waiter that is cancelled stops waiting; the others still get the picture")
    func cancelOneWaiter() async throws {
        let loader = GatedLoader()
        let cache = ImageCache { try await loader.load($0) }
        let k = key(2)
        let scrolledAway = Task { try await cache.image(for: k) }
        let stillVisible = Task { try await cache.image(for: k) }
        try await waitUntil("the first load") { loader.calls >= 1 }
        scrolledAway.cancel()
        await #expect(throws: CancellationError.self) { try await scrolledAway.value }
        loader.open()
        let image = try await stillVisible.value
        #expect(image.columns == 4)
        #expect(loader.cancelled == 0, "the shared load was not cancelled")
        #expect(await cache.count == 1)
    }

    @Test("when every waiter is cancelled, the load is cancelled and nothing is cached")
    func cancelAll() async throws {
        let loader = GatedLoader()
        let cache = ImageCache { try await loader.load($0) }
        let k = key(3)
        let first = Task { try await cache.image(for: k) }
        let second = Task { try await cache.image(for: k) }
        try await waitUntil("the first load") { loader.calls >= 1 }
        try await Task.sleep(for: .milliseconds(10))
        first.cancel()
        second.cancel()
        await #expect(throws: CancellationError.self) { try await first.value }
        await #expect(throws: CancellationError.self) { try await second.value }
        try await waitUntil("the load to be cancelled") { loader.cancelled == 1 }
        #expect(loader.cancelled == 1)
        #expect(await cache.loadsInFlight == 0)
        #expect(await cache.count == 0)
        // A new request after that starts a fresh load.
        loader.open()
        _ = try await cache.image(for: k)
        #expect(loader.calls == 2)
    }

    @Test("failures reach every waiter and are not cached")
    func failures() async throws {
        let loader = GatedLoader()
        loader.fail()
        loader.open()
        let cache = ImageCache { try await loader.load($0) }
        await #expect(throws: URLError.self) { try await cache.image(for: key(4)) }
        #expect(await cache.count == 0)
        await #expect(throws: URLError.self) { try await cache.image(for: key(4)) }
        #expect(loader.calls == 2)
    }

    @Test("count and cost limits evict the least recently used; memory pressure empties it")
    func limits() async throws {
        let loader = GatedLoader()
        loader.open()
        let probe = try await loader.load(key(0))
        let cache = ImageCache(totalCostLimit: probe.cost * 3, countLimit: 10) { try await loader.load($0) }
        for n in 1...3 { _ = try await cache.image(for: key(n)) }
        _ = try await cache.image(for: key(1))
        _ = try await cache.image(for: key(4))
        #expect(await cache.count == 3)
        #expect(await cache.cached(key(2)) == nil, "least recently used went first")
        #expect(await cache.keysByRecency == [key(4), key(1), key(3)])
        #expect(await cache.totalCost <= probe.cost * 3)

        let small = ImageCache(totalCostLimit: 1 << 30, countLimit: 2) { try await loader.load($0) }
        for n in 1...5 { _ = try await small.image(for: key(n)) }
        #expect(await small.count == 2)
        await small.removeAll()
        let emptied = (await small.count, await small.totalCost)
        #expect(emptied.0 == 0 && emptied.1 == 0)
    }

    @Test("keys differ by cell size and palette")
    func keys() async throws {
        let loader = GatedLoader()
        loader.open()
        let cache = ImageCache { try await loader.load($0) }
        _ = try await cache.image(for: key(1, columns: 4))
        _ = try await cache.image(for: key(1, columns: 8))
        var mono = key(1, columns: 4)
        mono.palette = .monochrome
        _ = try await cache.image(for: mono)
        #expect(loader.calls == 3)
    }
}

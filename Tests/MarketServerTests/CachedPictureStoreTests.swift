import Foundation
import ImageCodec
import NIOConcurrencyHelpers
import Testing

@testable import MarketServer

/// Pictures kept in memory in front of a picture store.
@Suite("pictures kept in memory")
struct CachedPictureStoreTests {
    /// A clock the test moves.
    final class Clock: Sendable {
        private let instant = NIOLockedValueBox(ContinuousClock.now)
        var now: ContinuousClock.Instant { instant.withLockedValue { $0 } }
        func advance(_ duration: Duration) { instant.withLockedValue { $0 += duration } }
    }

    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 1, count: 100)

    /// A store with one picture saved (its original `originalBytes` long), the cache in front of it, and the clock.
    static func made(originalBytes: Int = 600, totalLimit: Int = 32 << 20) async throws
        -> (MemoryPictureStore, CachedPictureStore, SavedPicture, Clock)
    {
        let files = MemoryPictureStore()
        let clock = Clock()
        let cache = CachedPictureStore(wrapping: files, entryLimit: 512, totalLimit: totalLimit, lifetime: .seconds(600)) { clock.now }
        let original = [0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 2, count: originalBytes - 4)
        let saved = try await cache.save(original: original, format: .jpeg, thumbnail: jpeg, vendorID: 1, date: Date(timeIntervalSince1970: 0))
        return (files, cache, saved, clock)
    }

    @Test("a thumbnail read once is answered from memory, with its bytes and kind; a picture over the entry limit is not kept")
    func keepsSmall() async throws {
        let (_, cache, saved, _) = try await Self.made()
        #expect(cache.cachedAnswer(saved.thumbnailPath) == nil, "nothing before it is read")
        let read = try #require(try await cache.read(relativePath: saved.thumbnailPath))
        #expect(Array(read.bytes) == Self.jpeg)
        let kept = try #require(cache.cachedAnswer(saved.thumbnailPath))
        #expect(Array(kept.body.readableBytesView) == Self.jpeg)
        #expect(kept.format == .jpeg)
        _ = try await cache.read(relativePath: saved.originPath)
        #expect(cache.cachedAnswer(saved.originPath) == nil, "600 bytes over the 512 a picture may have")
        #expect(cache.kept.count == 1 && cache.kept.bytes == Self.jpeg.count)
    }

    @Test("a removed picture is forgotten at once, and no longer read")
    func removal() async throws {
        let (files, cache, saved, _) = try await Self.made()
        _ = try await cache.read(relativePath: saved.thumbnailPath)
        await cache.remove([saved])
        #expect(cache.cachedAnswer(saved.thumbnailPath) == nil)
        #expect(try await cache.read(relativePath: saved.thumbnailPath) == nil)
        #expect(files.count == 0)
    }

    @Test("an entry is forgotten its lifetime after it was read (a removal on another replica is not heard)")
    func lifetime() async throws {
        let (_, cache, saved, clock) = try await Self.made()
        _ = try await cache.read(relativePath: saved.thumbnailPath)
        clock.advance(.seconds(599))
        #expect(cache.cachedAnswer(saved.thumbnailPath) != nil)
        clock.advance(.seconds(2))
        #expect(cache.cachedAnswer(saved.thumbnailPath) == nil)
        #expect(cache.kept.bytes == 0, "its bytes no longer counted")
    }

    @Test("past the total limit the oldest go first")
    func totalLimit() async throws {
        let (_, cache, first, _) = try await Self.made(totalLimit: 2 * 104 + 50)
        var others: [SavedPicture] = []
        for day in 1...2 {
            others.append(
                try await cache.save(
                    original: Self.jpeg, format: .jpeg, thumbnail: Self.jpeg, vendorID: 1, date: Date(timeIntervalSince1970: Double(day) * 86_400)))
        }
        for picture in [first] + others { _ = try await cache.read(relativePath: picture.thumbnailPath) }
        #expect(cache.cachedAnswer(first.thumbnailPath) == nil, "the oldest went")
        #expect(cache.cachedAnswer(others[0].thumbnailPath) != nil)
        #expect(cache.cachedAnswer(others[1].thumbnailPath) != nil)
        #expect(cache.kept == (count: 2, bytes: 2 * Self.jpeg.count))
    }

    @Test("a picture written again under its path (a demo picture drawn now) is read afresh")
    func writtenAgain() async throws {
        let (_, cache, saved, _) = try await Self.made()
        _ = try await cache.read(relativePath: saved.thumbnailPath)
        let drawn = [0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 9, count: 20)
        try await cache.write(original: drawn, thumbnail: drawn, to: saved)
        #expect(cache.cachedAnswer(saved.thumbnailPath) == nil)
        #expect(Array(try #require(try await cache.read(relativePath: saved.thumbnailPath)).bytes) == drawn)
    }
}

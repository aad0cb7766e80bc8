import Foundation
import ImageCodec
import NIOConcurrencyHelpers
import NIOCore

/// Pictures' bytes kept in memory in front of any picture store, so that a thumbnail asked for again is
/// answered without the file system (a path joined, a `stat`, an open and a read each time) and, on the
/// connection's event loop, without the router (`CachedResponseHandler`).
///
/// Pictures are written under fresh paths and never changed (they are served `immutable`), so an entry is good
/// until its picture is removed: the removals this server makes empty it here; a removal made by another
/// replica is not heard, and every entry is forgotten `lifetime` after it was read (ten minutes: the time a
/// deleted product's pictures are kept anyway). Only pictures of at most `entryLimit` bytes are kept — the
/// thumbnails every browser's first page asks for, not the originals a detail shows — and `totalLimit` in
/// all, the oldest going first.
final class CachedPictureStore: PictureStore {
    private let store: any PictureStore
    let entryLimit: Int
    let totalLimit: Int
    let lifetime: Duration
    private let now: @Sendable () -> ContinuousClock.Instant

    private struct Entry {
        let body: ByteBuffer
        let format: ImageFormat
        let expires: ContinuousClock.Instant
    }

    private struct Contents {
        var entries: [String: Entry] = [:]
        /// Paths in the order they were kept, for the oldest to go first (some may be gone already).
        var order: [String] = []
        var bytes = 0
    }

    private let contents = NIOLockedValueBox(Contents())

    init(
        wrapping store: any PictureStore, entryLimit: Int = 256 << 10, totalLimit: Int = 32 << 20,
        lifetime: Duration = .seconds(600), now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
    ) {
        self.store = store
        self.entryLimit = entryLimit
        self.totalLimit = totalLimit
        self.lifetime = lifetime
        self.now = now
    }

    /// The picture at `relativePath` when it is kept (and not past its lifetime): its bytes and format.
    func cachedAnswer(_ relativePath: String) -> (body: ByteBuffer, format: ImageFormat)? {
        let instant = now()
        return contents.withLockedValue { contents in
            guard let entry = contents.entries[relativePath] else { return nil }
            guard entry.expires > instant else {
                contents.entries[relativePath] = nil
                contents.bytes -= entry.body.readableBytes
                return nil
            }
            return (entry.body, entry.format)
        }
    }

    /// How many pictures are kept, and their bytes.
    var kept: (count: Int, bytes: Int) { contents.withLockedValue { ($0.entries.count, $0.bytes) } }

    func read(relativePath: String) async throws -> (bytes: Data, format: ImageFormat)? {
        if let hit = cachedAnswer(relativePath) { return (Data(hit.body.readableBytesView), hit.format) }
        guard let found = try await store.read(relativePath: relativePath) else { return nil }
        if found.bytes.count <= entryLimit { keep(relativePath, ByteBuffer(bytes: found.bytes), found.format) }
        return found
    }

    private func keep(_ path: String, _ body: ByteBuffer, _ format: ImageFormat) {
        let entry = Entry(body: body, format: format, expires: now() + lifetime)
        contents.withLockedValue { contents in
            if let old = contents.entries[path] { contents.bytes -= old.body.readableBytes }
            contents.entries[path] = entry
            contents.order.append(path)
            contents.bytes += body.readableBytes
            // The oldest go first; the order list is compacted as it goes so it never outgrows the entries much.
            var dropped = 0
            while contents.bytes > totalLimit, dropped < contents.order.count {
                let oldest = contents.order[dropped]
                dropped += 1
                if let gone = contents.entries.removeValue(forKey: oldest) { contents.bytes -= gone.body.readableBytes }
            }
            if dropped > 0 { contents.order.removeFirst(dropped) }
            if contents.order.count > 2 * contents.entries.count + 64 {
                contents.order = contents.order.filter { contents.entries[$0] != nil }
            }
        }
    }

    private func forget(_ pictures: [SavedPicture]) {
        contents.withLockedValue { contents in
            for path in pictures.flatMap({ [$0.originPath, $0.thumbnailPath] }) {
                if let gone = contents.entries.removeValue(forKey: path) { contents.bytes -= gone.body.readableBytes }
            }
        }
    }

    func save(original: [UInt8], format: ImageFormat, thumbnail: [UInt8], vendorID: Int, date: Date) async throws
        -> SavedPicture
    {
        try await store.save(original: original, format: format, thumbnail: thumbnail, vendorID: vendorID, date: date)
    }

    func stage(original: [UInt8], format: ImageFormat, thumbnail: [UInt8], vendorID: Int, date: Date) async throws
        -> StagedPicture
    {
        try await store.stage(original: original, format: format, thumbnail: thumbnail, vendorID: vendorID, date: date)
    }

    func write(original: [UInt8], thumbnail: [UInt8], to saved: SavedPicture) async throws {
        // A demo picture drawn now, under the path it was named by: whatever was kept there was not it.
        forget([saved])
        try await store.write(original: original, thumbnail: thumbnail, to: saved)
    }

    func exists(_ saved: SavedPicture) async -> Bool {
        await store.exists(saved)
    }

    func remove(_ pictures: [SavedPicture]) async {
        forget(pictures)
        await store.remove(pictures)
    }

    func removeOrphans(keeping referenced: Set<String>) async throws -> Int {
        let removed = try await store.removeOrphans(keeping: referenced)
        contents.withLockedValue { $0 = Contents() }
        return removed
    }
}

import Foundation
import ImageCodec
import Mocks
import ServerTestSupport
import Testing

@testable import MarketServer

/// The same contract for every store of pictures' bytes.
@Suite("Stores of pictures' bytes", .postgresSchemas)
struct PictureStoreTests {
    enum Kind: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case directory, memory, postgres
        static var allCases: [Kind] { TestPostgres.runsCases ? [.directory, .memory, .postgres] : [.directory, .memory] }
        var testDescription: String { rawValue }
    }

    /// A fresh store of `kind`, and what to clean up.
    func make(_ kind: Kind) async throws -> (any PictureStore, TemporaryDirectory) {
        let folder = try TemporaryDirectory()
        switch kind {
        case .directory: return (try DirectoryPictureStore(root: folder.url.appendingPathComponent("images")), folder)
        case .memory: return (MemoryPictureStore(), folder)
        case .postgres:
            let stores = try await TestStores.make(.postgres, directory: folder).open()
            var store = try #require(stores.pictureFiles as? PostgresPictureStore)
            store.orphanGrace = .zero  // one server here: nothing of another's to wait for
            return (store, folder)
        }
    }

    static let date = Date(timeIntervalSince1970: 1_700_000_000)

    @Test("saved bytes read back with their format under fresh paths of the stored shape", arguments: Kind.allCases)
    func saveAndRead(kind: Kind) async throws {
        let (store, folder) = try await make(kind)
        defer { folder.remove() }
        let png = FixturePictures.png()
        let thumbnail = FixturePictures.jpeg(width: 20, height: 15)
        let saved = try await store.save(original: png, format: .png, thumbnail: thumbnail, vendorID: 7, date: Self.date)
        #expect(saved.originPath.hasPrefix("7/20231114/") && saved.originPath.hasSuffix("_origin.png"))
        #expect(saved.thumbnailPath.hasSuffix("_thumb.jpg"))
        #expect(PicturePath.format(of: saved.originPath) == .png)
        let original = try #require(try await store.read(relativePath: saved.originPath))
        #expect(Array(original.bytes) == png && original.format == .png)
        #expect(try await store.read(relativePath: saved.thumbnailPath).map { Array($0.bytes) } == thumbnail)
        #expect(await store.exists(saved))
        let other = try await store.save(original: png, format: .png, thumbnail: thumbnail, vendorID: 7, date: Self.date)
        #expect(other != saved, "each picture its own paths")
    }

    @Test("removed pictures are gone; removing what is not there is no error", arguments: Kind.allCases)
    func remove(kind: Kind) async throws {
        let (store, folder) = try await make(kind)
        defer { folder.remove() }
        let saved = try await store.save(
            original: FixturePictures.jpeg(), format: .jpeg, thumbnail: FixturePictures.jpeg(), vendorID: 1, date: Self.date)
        await store.remove([saved])
        #expect(await !store.exists(saved))
        #expect(try await store.read(relativePath: saved.originPath) == nil)
        await store.remove([saved])
    }

    @Test("paths not of the stored shape are never read, whatever is there", arguments: Kind.allCases)
    func hostilePaths(kind: Kind) async throws {
        let (store, folder) = try await make(kind)
        defer { folder.remove() }
        for path in ["../../etc/passwd", "1/20231114/../x_origin.jpg", "1/2023111/" + String(repeating: "a", count: 32) + "_origin.jpg",
            "1/20231114/" + String(repeating: "g", count: 32) + "_origin.jpg", "", "/1/20231114/a_origin.jpg"]
        {
            #expect(try await store.read(relativePath: path) == nil, "\(path)")
        }
    }

    @Test("the orphan sweep removes bytes no row names and keeps those that are named", arguments: Kind.allCases)
    func orphans(kind: Kind) async throws {
        let (store, folder) = try await make(kind)
        defer { folder.remove() }
        let kept = try await store.save(
            original: FixturePictures.jpeg(), format: .jpeg, thumbnail: FixturePictures.jpeg(), vendorID: 1, date: Self.date)
        let lost = try await store.save(
            original: FixturePictures.jpeg(), format: .jpeg, thumbnail: FixturePictures.jpeg(), vendorID: 1, date: Self.date)
        let removed = try await store.removeOrphans(keeping: [kept.originPath, kept.thumbnailPath])
        #expect(removed == 2)
        let keptExists = await store.exists(kept)
        let lostExists = await store.exists(lost)
        #expect(keptExists && !lostExists)
    }

    @Test("PostgreSQL: a shared store keeps young orphans (another replica may be committing their rows)")
    func youngOrphansKept() async throws {
        guard TestPostgres.runsCases else { return }
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let stores = try await TestStores.make(.postgres, directory: folder).open()
        let store = try #require(stores.pictureFiles as? PostgresPictureStore)
        let young = try await store.save(
            original: FixturePictures.jpeg(), format: .jpeg, thumbnail: FixturePictures.jpeg(), vendorID: 1, date: Self.date)
        #expect(try await store.removeOrphans(keeping: []) == 0)
        #expect(await store.exists(young))
        var impatient = store
        impatient.orphanGrace = .zero
        #expect(try await impatient.removeOrphans(keeping: []) == 2)
    }

    @Test("PostgreSQL: the same picture stored twice (two replicas making one demo picture) is stored once")
    func idempotentWrite() async throws {
        guard TestPostgres.runsCases else { return }
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let stores = try await TestStores.make(.postgres, directory: folder).open()
        let store = try #require(stores.pictureFiles)
        let saved = PicturePath.new(vendorID: 1, date: Self.date, format: .jpeg)
        let first = FixturePictures.jpeg(seed: 1)
        async let a: Void = store.write(original: first, thumbnail: first, to: saved)
        async let b: Void = store.write(original: FixturePictures.jpeg(seed: 2), thumbnail: first, to: saved)
        _ = try await (a, b)
        #expect(await store.exists(saved))
    }
}

/// The picture paths of the in-memory products (`MemoryDatabase`).
struct MemoryPictureMetadataStore: PictureMetadataStore {
    let database: MemoryDatabase

    func referencedPaths() async throws -> Set<String> {
        database.read { tables in
            Set((tables.products.values + tables.deleted.values.map(\.detail)).flatMap { $0.images.flatMap { [$0.originPath, $0.thumbnailPath] } })
        }
    }

    func picture(withPath path: String) async throws -> SavedPicture? {
        database.read { tables in
            tables.products.values.lazy.flatMap(\.images)
                .first { $0.originPath == path || $0.thumbnailPath == path }?.saved
        }
    }

    func allNewestFirst() async throws -> [SavedPicture] {
        database.read { tables in
            tables.order.reversed().flatMap { tables.products[$0]?.images.map(\.saved) ?? [] }
        }
    }
}

/// What the stores know of picture files: which paths products refer to. The files themselves are
/// `PictureStore`'s. Implemented on SQLite (`SQLitePictureMetadataStore`), PostgreSQL
/// (`PostgresPictureMetadataStore`) and in memory (`MemoryPictureMetadataStore`).
protocol PictureMetadataStore: Sendable {
    /// Every picture path a product refers to (originals and thumbnails).
    func referencedPaths() async throws -> Set<String>

    /// The stored picture one of whose files is at `path`, if a product still has it.
    func picture(withPath path: String) async throws -> SavedPicture?

    /// Every stored picture, the newest product's first (the order a browser shows them in).
    func allNewestFirst() async throws -> [SavedPicture]
}

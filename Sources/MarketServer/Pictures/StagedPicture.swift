/// A new product's picture on its way to the store: its paths, and — when the picture store keeps bytes in
/// the product store's own database — the bytes still to be written in the product's transaction
/// (`ProductStore.insert(_:pictures:files:at:)`). A store that wrote them already leaves `files` empty.
struct StagedPicture: Sendable, Equatable {
    var saved: SavedPicture
    var files: [PictureFile]
}

/// Bytes to store under a picture path (an original or a thumbnail).
struct PictureFile: Sendable, Equatable {
    var path: String
    var bytes: [UInt8]
}

/// A stored picture: the paths of its original and its thumbnail, relative to the pictures' root, as the
/// product rows name them (`{vendor_id}/{yyyyMMdd}/{hex}_origin.{jpg|png}`, `{hex}_thumb.jpg`).
struct SavedPicture: Sendable, Equatable {
    var originPath: String
    var thumbnailPath: String
}

/// How much a vendor's upload folder on `openmarket ssh` may hold: so many pictures, each at most so large,
/// so much in all. An upload that would pass any of them is refused as it passes it, and nothing of it is kept.
public struct UploadQuota: Sendable, Equatable {
    /// Pictures in the folder at most.
    public var files: Int
    /// The largest picture, in bytes.
    public var fileBytes: Int
    /// All of the folder's pictures together, in bytes.
    public var bytes: Int

    /// 100 pictures of up to 20 MB, 200 MB in all (a phone's photo is 2 to 8 MB; the browser shrinks one
    /// before it sends it to the market).
    public init(files: Int = 100, fileBytes: Int = 20 << 20, bytes: Int = 200 << 20) {
        self.files = files
        self.fileBytes = fileBytes
        self.bytes = bytes
    }
}

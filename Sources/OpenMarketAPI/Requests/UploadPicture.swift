/// A picture to upload with a registration: its file name, bytes and content type.
public struct UploadPicture: Sendable, Equatable {
    /// The file name sent in the part's `Content-Disposition` (quotes, backslashes and line breaks are made safe).
    public var filename: String
    public var bytes: [UInt8]
    /// `image/jpeg` or `image/png`.
    public var mimeType: String

    /// A picture with an explicit content type.
    public init(filename: String, bytes: [UInt8], mimeType: String) {
        self.filename = filename
        self.bytes = bytes
        self.mimeType = mimeType
    }

    /// A picture whose content type is read from its first bytes (JPEG or PNG signature).
    public init(filename: String, bytes: [UInt8]) {
        self.init(filename: filename, bytes: bytes, mimeType: Self.mimeType(of: bytes))
    }

    /// `image/jpeg` or `image/png` by signature, `application/octet-stream` for anything else.
    public static func mimeType(of bytes: [UInt8]) -> String {
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
        return "application/octet-stream"
    }
}

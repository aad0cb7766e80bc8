/// Builds `multipart/form-data` bodies for tests, including deliberately broken ones.
public struct MultipartBuilder: Sendable {
    public var boundary: String
    public private(set) var body: [UInt8] = []

    public init(boundary: String = "test-boundary-7MA4YWxkTrZu0gW") {
        self.boundary = boundary
    }

    /// `multipart/form-data; boundary=…`.
    public var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// Adds a text part.
    public mutating func text(_ name: String, _ value: String, contentType: String? = nil) {
        body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n".utf8)
        if let contentType { body += Array("Content-Type: \(contentType)\r\n".utf8) }
        body += Array("\r\n\(value)\r\n".utf8)
    }

    /// Adds a file part.
    public mutating func file(_ name: String, filename: String, bytes: [UInt8], contentType: String = "image/jpeg") {
        body += Array(
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"; filename=\"\(filename)\"\r\nContent-Type: \(contentType)\r\n\r\n"
                .utf8)
        body += bytes
        body += Array("\r\n".utf8)
    }

    /// Appends bytes as they are (for broken bodies).
    public mutating func appendRaw(_ bytes: [UInt8]) {
        body += bytes
    }

    /// Closes the body with `--boundary--`.
    public mutating func close() {
        body += Array("--\(boundary)--\r\n".utf8)
    }
}

/// Builds the `multipart/form-data` body of a registration: a `params` JSON part, then one `images` part
/// per picture.
///
/// Lines end with CRLF; each part starts with `--boundary`, the body ends with `--boundary--` and CRLF.
/// The boundary is random unless a test injects one.
public struct MultipartEncoder: Sendable {
    /// The boundary between parts (without the leading `--`).
    public let boundary: String

    /// An encoder with the given boundary, or a fresh random one.
    public init(boundary: String = MultipartEncoder.randomBoundary()) {
        self.boundary = boundary
    }

    /// `OpenMarketBoundary` and 32 random hexadecimal digits: no picture or text will contain it by chance.
    public static func randomBoundary() -> String {
        var generator = SystemRandomNumberGenerator()
        let digits = Array("0123456789abcdef")
        return "OpenMarketBoundary" + String((0..<32).map { _ in digits[Int(generator.next() % 16)] })
    }

    /// The request's `Content-Type` header value.
    public var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// The whole body: `params` (JSON text, `Content-Type: application/json`), then each picture as `images`.
    public func encode(paramsJSON: String, pictures: [UploadPicture]) -> [UInt8] {
        let pictureBytes = pictures.reduce(0) { $0 + $1.bytes.count + $1.filename.utf8.count + 160 }
        var body: [UInt8] = []
        body.reserveCapacity(paramsJSON.utf8.count + pictureBytes + 256)
        append("--\(boundary)\r\n", to: &body)
        append("Content-Disposition: form-data; name=\"params\"\r\n", to: &body)
        append("Content-Type: application/json\r\n\r\n", to: &body)
        append(paramsJSON, to: &body)
        append("\r\n", to: &body)
        for picture in pictures {
            append("--\(boundary)\r\n", to: &body)
            append(
                "Content-Disposition: form-data; name=\"images\"; filename=\"\(Self.quoted(picture.filename))\"\r\n",
                to: &body)
            append("Content-Type: \(Self.headerSafe(picture.mimeType))\r\n\r\n", to: &body)
            body += picture.bytes
            append("\r\n", to: &body)
        }
        append("--\(boundary)--\r\n", to: &body)
        return body
    }

    /// A file name ready to sit between quotes: `"` and `\` escaped with a backslash, CR and LF removed.
    static func quoted(_ filename: String) -> String {
        var result = ""
        for scalar in filename.unicodeScalars {
            switch scalar {
            case "\r", "\n": continue
            case "\"", "\\":
                result.unicodeScalars.append("\\")
                result.unicodeScalars.append(scalar)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A header value without CR or LF, so it cannot end its line early.
    private static func headerSafe(_ value: String) -> String {
        String(value.unicodeScalars.filter { $0 != "\r" && $0 != "\n" })
    }

    private func append(_ text: String, to body: inout [UInt8]) {
        body.append(contentsOf: text.utf8)
    }
}

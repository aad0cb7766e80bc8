import Hummingbird

/// Response builders shared by the routes.
enum Responses {
    /// The content type of every JSON answer.
    static let jsonContentType = "application/json; charset=utf-8"
    /// A picture never changes under its path (a new one gets a new path): kept by anyone for a year.
    static let pictureCacheControl = "public, max-age=31536000, immutable"

    static func json(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        json(ByteBuffer(string: text), status: status)
    }

    static func json(_ buffer: ByteBuffer, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: jsonContentType],
            body: .init(byteBuffer: buffer))
    }

    static func text(_ text: String) -> Response {
        Response(
            status: .ok, headers: [.contentType: "text/plain; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}

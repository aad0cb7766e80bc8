import Hummingbird

/// Response builders shared by the routes.
enum Responses {
    /// The content type of every JSON answer.
    static let jsonContentType = "application/json; charset=utf-8"

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

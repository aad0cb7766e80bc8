public import HTTPTypes
public import Hummingbird

/// An error the API answers with: an HTTP status and a sentence that names the offending field.
///
/// The body is `{"code": <status>, "message": "…"}`, the shape API.md gives every error.
public struct APIError: Error, HTTPResponseError, Sendable, Equatable {
    /// The HTTP status to answer with.
    public let status: HTTPResponse.Status
    /// A human-readable sentence; it names the field at fault where there is one.
    public let message: String

    /// The methods the path takes, for a 405 (sent as `Allow`).
    public let allowedMethods: [HTTPRequest.Method]
    /// Seconds to wait before trying again, for a 503 (sent as `Retry-After`).
    public let retryAfter: Int?

    public init(
        _ status: HTTPResponse.Status, _ message: String, allowedMethods: [HTTPRequest.Method] = [], retryAfter: Int? = nil
    ) {
        self.status = status
        self.message = message
        self.allowedMethods = allowedMethods
        self.retryAfter = retryAfter
    }

    /// 503 with `Retry-After`: the server has no room for this now, and says when to try again.
    public static func busy(_ message: String, retryAfter: Int) -> APIError {
        APIError(.serviceUnavailable, message, retryAfter: retryAfter)
    }

    public static func badRequest(_ message: String) -> APIError { APIError(.badRequest, message) }
    public static func unauthorized(_ message: String) -> APIError { APIError(.unauthorized, message) }
    public static func forbidden(_ message: String) -> APIError { APIError(.forbidden, message) }
    public static func notFound(_ message: String) -> APIError { APIError(.notFound, message) }
    public static func tooLarge(_ message: String) -> APIError { APIError(.contentTooLarge, message) }
    public static func unsupportedMedia(_ message: String) -> APIError { APIError(.unsupportedMediaType, message) }

    /// A known path asked with a method it does not take: 405 with an `Allow` header.
    public static func methodNotAllowed(_ method: HTTPRequest.Method, path: String, allowed: [HTTPRequest.Method]) -> APIError {
        APIError(
            .methodNotAllowed, "\(method.rawValue) is not allowed on \(path); use \(allowed.map(\.rawValue).joined(separator: " or "))",
            allowedMethods: allowed)
    }

    public var headers: HTTPFields {
        var fields: HTTPFields = [.contentType: "application/json; charset=utf-8"]
        if !allowedMethods.isEmpty { fields[.allow] = allowedMethods.map(\.rawValue).joined(separator: ", ") }
        if let retryAfter { fields[.retryAfter] = String(retryAfter) }
        return fields
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var buffer = ByteBuffer()
        buffer.writeString(JSONText.errorBody(code: status.code, message: message))
        return Response(status: status, headers: headers, body: .init(byteBuffer: buffer))
    }
}

public import Foundation

/// An HTTP request as the client hands it to an `HTTPTransport`: everything is spelled out,
/// including how long to wait and how much to accept.
public struct TransportRequest: Sendable {
    /// `GET`, `POST`, `PATCH`, `DELETE`…
    public var method: String
    /// The absolute URL, query included.
    public var url: URL
    public var headers: [HTTPHeader]
    public var body: [UInt8]?
    /// The whole exchange — connect, send, receive the complete body — must finish within this.
    public var timeout: Duration
    /// A response body longer than this is refused with `OpenMarketError.responseTooLarge`.
    public var maxResponseBytes: Int
    /// Called as the body goes out with the bytes handed to the connection so far and the total.
    /// It may be called on any thread; the last call reports `sent == total`.
    public var uploadProgress: (@Sendable (_ sent: Int, _ total: Int) -> Void)?

    /// A request; only `method` and `url` are required.
    public init(
        method: String, url: URL, headers: [HTTPHeader] = [], body: [UInt8]? = nil,
        timeout: Duration = .seconds(15), maxResponseBytes: Int = 8 << 20,
        uploadProgress: (@Sendable (_ sent: Int, _ total: Int) -> Void)? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.maxResponseBytes = maxResponseBytes
        self.uploadProgress = uploadProgress
    }

    /// The value of the first header named `name` (case-insensitive).
    public func header(_ name: String) -> String? {
        headers.value(for: name)
    }

    /// `host:port` of the URL, as error messages name the server (`127.0.0.1:8080`).
    public var endpoint: String {
        let host = url.host ?? "?"
        let port = url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
        return host.contains(":") && !host.hasPrefix("[") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}

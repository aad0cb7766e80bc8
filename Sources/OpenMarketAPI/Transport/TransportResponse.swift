/// A complete HTTP response: status, headers and the whole body.
public struct TransportResponse: Sendable, Equatable {
    public var status: Int
    public var headers: [HTTPHeader]
    public var body: [UInt8]

    /// A response with the given parts.
    public init(status: Int, headers: [HTTPHeader] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// True for any 2xx status.
    public var isSuccess: Bool { (200..<300).contains(status) }

    /// The value of the first header named `name` (case-insensitive).
    public func header(_ name: String) -> String? {
        headers.value(for: name)
    }
}

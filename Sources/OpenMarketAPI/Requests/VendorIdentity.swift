/// Who is writing: the vendor's identifier (sent as the `identifier` header) and secret (sent in the body).
public struct VendorIdentity: Sendable, Hashable {
    /// The vendor's UUID, as issued by the server.
    public var identifier: String
    /// The password issued with the identifier.
    public var secret: String

    /// An identity with the given identifier and secret.
    public init(identifier: String, secret: String) {
        self.identifier = identifier
        self.secret = secret
    }
}

/// A vendor: the seller that owns products. Its secret is kept only as a salted hash.
public struct Vendor: Sendable, Equatable {
    /// The numeric id that appears in products as `vendor_id`.
    public var id: Int
    public var name: String
    /// The UUID sent in the `identifier` header.
    public var identifier: String
    var secretSalt: [UInt8]
    var secretHash: [UInt8]
    public var createdAt: String

    /// True when `secret` is this vendor's secret (compared in constant time).
    func hasSecret(_ secret: String) -> Bool {
        SecretHasher.matches(secret: secret, salt: secretSalt, hash: secretHash)
    }
}

/// A vendor just created, with the secret that is shown once and never stored in clear.
public struct VendorCredentials: Sendable, Equatable, Codable {
    public var id: Int
    public var name: String
    public var identifier: String
    public var secret: String
}

public import Crypto
public import Foundation

/// What issues wish-list owners: an SSH front's Ed25519 key, derived from its host key, so that fronts sharing
/// a host key issue the same owner for the same visitor. The market is told its public half
/// (`WishListIssuerKey`) and keeps lists only for owners it signed.
public struct WishListIssuer: Sendable {
    private let key: Curve25519.Signing.PrivateKey

    /// The purpose the host key's secret is derived for (`HostKeyStore.derivedSecret`).
    public static let purpose = "openmarket wish-list issuer v1"

    /// The issuer whose private key is the 32 bytes of `seed`.
    public init(seed: some ContiguousBytes) throws {
        key = try seed.withUnsafeBytes { try Curve25519.Signing.PrivateKey(rawRepresentation: Data($0)) }
    }

    /// What the market is told to trust.
    public var publicKey: WishListIssuerKey { WishListIssuerKey(key: key.publicKey) }

    /// The owner of the list named `name` (16 to 64 URL-safe characters), signed.
    public func owner(named name: String) throws -> WishListOwner {
        precondition(WishListOwner.isValidName(name), "a wish-list owner's name is 16 to 64 of A-Z a-z 0-9 - _")
        return WishListOwner(name: name, signature: try key.signature(for: WishListOwner.signedBytes(name)))
    }
}

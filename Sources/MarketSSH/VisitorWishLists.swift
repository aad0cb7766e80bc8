public import Crypto
import Foundation
public import WishListOwners

/// The owners under which the market keeps SSH visitors' wish lists (docs/API.md, "Wish lists"): a keyed hash
/// of the key the visitor proved they hold, keyed with a secret derived from the host key, signed by the
/// front's wish-list issuer (also derived from the host key) so that the market can tell it was issued here.
/// Every front behind a balancer shares the host key, so each issues the same owner for the same visitor
/// key; nobody without the host key can name (and so read or change) a visitor's list, though public keys
/// are public, nor make up owners of their own to fill the market.
public struct VisitorWishLists: Sendable {
    private let secret: SymmetricKey
    /// What signs the owners; the market is given its public key.
    public let issuer: WishListIssuer

    public init(secret: SymmetricKey, issuer: WishListIssuer) {
        self.secret = secret
        self.issuer = issuer
    }

    /// The purpose the host key's secret is derived for.
    public static let purpose = "openmarket visitor wish lists v1"

    /// The owner for a visitor key (`SHA256:…`): the keyed hash's 64 hex digits (the name the list was kept
    /// under before owners were signed, so lists kept then are found) and the issuer's signature; nil for a
    /// visitor who offered none.
    public func owner(forFingerprint fingerprint: String) -> WishListOwner? {
        guard fingerprint.hasPrefix("SHA256:") else { return nil }
        let code = HMAC<SHA256>.authenticationCode(for: Data(fingerprint.utf8), using: secret)
        let hex = Array("0123456789abcdef".utf8)
        let name = String(decoding: code.flatMap { [hex[Int($0 >> 4)], hex[Int($0 & 0x0F)]] }, as: UTF8.self)
        return try? issuer.owner(named: name)
    }
}

import Crypto
import Foundation

/// The public half of a `WishListIssuer`, as an operator passes it to the market (`serve --wish-list-issuer`)
/// and a front prints it: `omwl1-` and the key's 32 bytes in unpadded base64url.
public struct WishListIssuerKey: Sendable, CustomStringConvertible {
    let key: Curve25519.Signing.PublicKey

    init(key: Curve25519.Signing.PublicKey) {
        self.key = key
    }

    static let prefix = "omwl1-"

    /// Reads a key from its text; nil when it is not one.
    public init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix(Self.prefix), let raw = Base64URL.decode(String(trimmed.dropFirst(Self.prefix.count))),
            raw.count == 32, let key = try? Curve25519.Signing.PublicKey(rawRepresentation: raw)
        else { return nil }
        self.key = key
    }

    /// The key as an operator writes it.
    public var text: String { Self.prefix + Base64URL.encode(key.rawRepresentation) }

    public var description: String { text }
}

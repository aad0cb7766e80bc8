public import Crypto
import Foundation

/// The names under which the market keeps SSH visitors' wish lists (docs/API.md, "Wish lists"): a keyed hash
/// of the key the visitor proved they hold, keyed with a secret derived from the host key. Every front
/// behind a balancer shares the host key, so each finds the same list for the same visitor key; nobody
/// without the host key can name (and so read or change) a visitor's list, though public keys are public.
public struct VisitorWishLists: Sendable {
    private let secret: SymmetricKey

    public init(secret: SymmetricKey) {
        self.secret = secret
    }

    /// The purpose the host key's secret is derived for.
    public static let purpose = "openmarket visitor wish lists v1"

    /// The owner name for a visitor key (`SHA256:…`), 64 hex digits; nil for a visitor who offered none.
    public func owner(forFingerprint fingerprint: String) -> String? {
        guard fingerprint.hasPrefix("SHA256:") else { return nil }
        let code = HMAC<SHA256>.authenticationCode(for: Data(fingerprint.utf8), using: secret)
        return code.map { String(format: "%02x", $0) }.joined()
    }
}

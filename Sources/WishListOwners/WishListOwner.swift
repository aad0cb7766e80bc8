import Crypto
import Foundation

/// A wish list's owner as the market checks it: the name an issuer (an SSH front) chose for a visitor, followed
/// by the issuer's Ed25519 signature over that name, in one path segment of URL-safe characters — the name
/// (16 to 64 of `A–Z a–z 0–9 - _`) and then the signature (86 characters of unpadded base64url).
///
/// Before the market keeps or shows a list it checks that the signature is one of the issuers it trusts
/// (`serve --wish-list-issuer`): an owner cannot be made up, only issued. The list is kept under the name.
public struct WishListOwner: Sendable, Hashable, CustomStringConvertible {
    /// The name the list is kept under.
    public let name: String
    /// The issuer's signature over `WishListOwner.signedBytes(name)`.
    public let signature: Data

    /// The signature's length in the text (64 bytes in unpadded base64url).
    public static let signatureCharacters = 86
    /// The lengths a name may have.
    public static let nameLengths = 16...64

    /// An owner with a signature already made (`WishListIssuer.owner(named:)` makes one).
    init(name: String, signature: Data) {
        self.name = name
        self.signature = signature
    }

    /// Reads an owner from its text; nil when it is not shaped as one (its signature is not checked here).
    public init?(_ text: String) {
        let characters = Array(text.utf8)
        let nameCount = characters.count - Self.signatureCharacters
        guard Self.nameLengths.contains(nameCount), characters.allSatisfy(Self.isSegmentCharacter),
            let signature = Base64URL.decode(String(decoding: characters[nameCount...], as: UTF8.self)),
            signature.count == 64
        else { return nil }
        self.name = String(decoding: characters[..<nameCount], as: UTF8.self)
        self.signature = signature
    }

    /// Whether `name` may name a list: 16 to 64 of `A–Z a–z 0–9 - _`.
    public static func isValidName(_ name: String) -> Bool {
        nameLengths.contains(name.utf8.count) && name.utf8.allSatisfy(isSegmentCharacter)
    }

    /// The owner as one path segment: the name, then the signature.
    public var text: String { name + Base64URL.encode(signature) }

    public var description: String { text }

    /// Whether one of `issuers` signed this owner's name.
    public func isIssued(byAnyOf issuers: [WishListIssuerKey]) -> Bool {
        let message = Self.signedBytes(name)
        return issuers.contains { $0.key.isValidSignature(signature, for: message) }
    }

    /// What an issuer signs: the name behind a line that says what it is, so that the signature means nothing
    /// anywhere else.
    static func signedBytes(_ name: String) -> Data {
        Data("openmarket wish-list owner v1\n\(name)".utf8)
    }

    /// `A–Z a–z 0–9 - _`: the characters of a path segment that need no escaping (and of base64url).
    static func isSegmentCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "_"):
            return true
        default:
            return false
        }
    }
}

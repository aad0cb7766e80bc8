import Foundation
import Mocks
import Testing
import WishListOwners

@testable import MarketSSH

@Suite("Visitors' wish list owners")
struct VisitorWishListsTests {
    /// The owners a front with the host key in `file` issues.
    static func front(_ file: URL) throws -> VisitorWishLists {
        VisitorWishLists(
            secret: try HostKeyStore.derivedSecret(at: file, purpose: VisitorWishLists.purpose),
            issuer: try WishListIssuer(seed: try HostKeyStore.derivedSecret(at: file, purpose: WishListIssuer.purpose)))
    }

    @Test("one host key gives one owner per visitor key on every front, signed by its issuer; another host key, another owner and issuer; no key, no owner")
    func owners() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("host")
        _ = try HostKeyStore.loadOrCreate(at: file)
        let front = try Self.front(file)
        let other = try Self.front(file)
        let alice = "SHA256:uNiVztksCsDhcc0u9e8BujQXVUpKZIDTMczCvj3tD2s"
        let owner = try #require(front.owner(forFingerprint: alice))
        #expect(owner.name.count == 64 && owner.name.allSatisfy(\.isHexDigit), "the name lists were kept under before")
        #expect(owner.text.count == 64 + 86)
        #expect(other.owner(forFingerprint: alice)?.name == owner.name, "the same host key: the same name on any front")
        #expect(owner.isIssued(byAnyOf: [other.issuer.publicKey]))
        #expect(front.owner(forFingerprint: "SHA256:another")?.name != owner.name)
        #expect(front.owner(forFingerprint: "none") == nil)
        let elsewhere = directory.url.appendingPathComponent("elsewhere")
        _ = try HostKeyStore.loadOrCreate(at: elsewhere)
        let stranger = try Self.front(elsewhere)
        #expect(stranger.owner(forFingerprint: alice)?.name != owner.name, "without the host key the name cannot be made")
        #expect(!owner.isIssued(byAnyOf: [stranger.issuer.publicKey]), "nor signed")
        #expect(!owner.text.contains(alice.dropFirst(7).prefix(8)))
    }

    @Test("an owner's text reads back as itself; a tampered name or signature is not issued; anything not shaped as an owner is nil")
    func ownerText() throws {
        let issuer = try WishListIssuer(seed: [UInt8](repeating: 1, count: 32))
        let owner = try issuer.owner(named: "visitor-0123456789_abcdef")
        #expect(WishListOwner(owner.text) == owner)
        #expect(owner.isIssued(byAnyOf: [issuer.publicKey]))
        let signature = String(owner.text.suffix(86))
        let tampered = try #require(WishListOwner("visitor-0123456789_abcdeF" + signature))
        #expect(!tampered.isIssued(byAnyOf: [issuer.publicKey]))
        // The signature's first character changed: still shaped as one, not the issuer's.
        let flipped = (signature.first == "A" ? "B" : "A") + signature.dropFirst()
        #expect(WishListOwner("visitor-0123456789_abcdef" + flipped).map { $0.isIssued(byAnyOf: [issuer.publicKey]) } == false)
        for text in [
            "", "short", String(repeating: "a", count: 15) + signature, String(repeating: "a", count: 65) + signature,
            // Characters outside the alphabet; a signature's last character with bits past its 64 bytes
            // (the same bytes written another way); padding.
            "visitor.0123456789/abcdef" + signature, String(owner.text.dropLast()) + "B", owner.text + "=",
        ] {
            #expect(WishListOwner(text) == nil, "\(text)")
        }
    }

    @Test("an issuer key as an operator passes it: omwl1- and its 43 characters; anything else is nil")
    func issuerKeyText() throws {
        let key = try WishListIssuer(seed: [UInt8](repeating: 2, count: 32)).publicKey
        #expect(key.text.hasPrefix("omwl1-") && key.text.count == 6 + 43)
        #expect(WishListIssuerKey(key.text)?.text == key.text)
        #expect(WishListIssuerKey(" \(key.text) ")?.text == key.text, "spaces around it, as pasted")
        for text in ["", "omwl1-", String(key.text.dropLast()), "omwl2-" + key.text.dropFirst(6), key.text + "A", "ssh-ed25519 AAAA"] {
            #expect(WishListIssuerKey(text) == nil, "\(text)")
        }
    }
}

import Foundation
import Mocks
import Testing

@testable import MarketSSH

@Suite("Visitors' wish list names")
struct VisitorWishListsTests {
    @Test("one host key gives one name per visitor key on every front; another host key, another name; no key, no name")
    func names() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("host")
        _ = try HostKeyStore.loadOrCreate(at: file)
        let front = VisitorWishLists(secret: try HostKeyStore.derivedSecret(at: file, purpose: VisitorWishLists.purpose))
        let other = VisitorWishLists(secret: try HostKeyStore.derivedSecret(at: file, purpose: VisitorWishLists.purpose))
        let alice = "SHA256:uNiVztksCsDhcc0u9e8BujQXVUpKZIDTMczCvj3tD2s"
        let name = try #require(front.owner(forFingerprint: alice))
        #expect(name.count == 64 && name.allSatisfy(\.isHexDigit))
        #expect(other.owner(forFingerprint: alice) == name, "the same host key: the same name on any front")
        #expect(front.owner(forFingerprint: "SHA256:another") != name)
        #expect(front.owner(forFingerprint: "none") == nil)
        let elsewhere = directory.url.appendingPathComponent("elsewhere")
        _ = try HostKeyStore.loadOrCreate(at: elsewhere)
        let stranger = VisitorWishLists(secret: try HostKeyStore.derivedSecret(at: elsewhere, purpose: VisitorWishLists.purpose))
        #expect(stranger.owner(forFingerprint: alice) != name, "without the host key the name cannot be made")
        #expect(!name.contains(alice.dropFirst(7).prefix(8)))
    }
}

import Foundation
import Launch
import MarketCommands
import OpenMarketAPI
import Testing

/// The identity `--save-identity` keeps, and how the launch takes it.
@Suite("The saved identity")
struct IdentityFileTests {
    @Test("where it is: XDG_CONFIG_HOME when absolute, else ~/.config")
    func location() {
        #expect(IdentityFile.url(environment: ["HOME": "/home/u"]).path == "/home/u/.config/openmarket/identity.json")
        #expect(IdentityFile.url(environment: ["HOME": "/home/u", "XDG_CONFIG_HOME": "/x"]).path == "/x/openmarket/identity.json")
        #expect(IdentityFile.url(environment: ["HOME": "/home/u", "XDG_CONFIG_HOME": "rel"]).path == "/home/u/.config/openmarket/identity.json")
    }

    @Test("saved 0600 in a 0700 folder, read back whole; a damaged file reads as none; the launch takes it for its server")
    func roundTrip() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("identity-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("openmarket/identity.json")
        let saved = IdentityFile(identifier: "vendor-1", secret: "-s3cret", server: "http://m.test:8080")
        try saved.save(to: url)
        #expect(IdentityFile.load(from: url) == saved)
        let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        let folderMode = try FileManager.default.attributesOfItem(atPath: url.deletingLastPathComponent().path)[.posixPermissions] as? Int
        #expect(mode == 0o600 && folderMode == 0o700)
        #expect(saved.known == KnownIdentity(identity: .init(identifier: "vendor-1", secret: "-s3cret"), server: "http://m.test:8080"))
        try Data("{\"identifier\": 3".utf8).write(to: url)
        #expect(IdentityFile.load(from: url) == nil)
        #expect(IdentityFile.load(from: folder.appendingPathComponent("none.json")) == nil)
    }
}

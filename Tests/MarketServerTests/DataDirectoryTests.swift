import Foundation
@testable import MarketServer
import Mocks
import Testing

@Suite("The data directory is its owner's alone; logs keep no wish-list owner")
struct DataDirectoryTests {
    @Test("a folder or file that group or others may use is found, three levels deep; an owner-only tree is clean")
    func openings() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let root = directory.url.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("images/ab"), withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: root.appendingPathComponent("openmarket.sqlite").path, contents: Data("x".utf8))
        FileManager.default.createFile(atPath: root.appendingPathComponent("images/ab/1.jpg").path, contents: Data("x".utf8))
        for (path, mode) in [("", 0o700), ("images", 0o700), ("images/ab", 0o700), ("openmarket.sqlite", 0o600), ("images/ab/1.jpg", 0o600)] {
            chmod(root.appendingPathComponent(path).path, mode_t(mode))
        }
        #expect(DataDirectoryCheck.openings(in: root).isEmpty)
        #expect(DataDirectoryCheck.warning([], directory: root) == nil)

        chmod(root.path, 0o755)
        chmod(root.appendingPathComponent("openmarket.sqlite").path, 0o644)
        chmod(root.appendingPathComponent("images/ab/1.jpg").path, 0o640)
        let found = DataDirectoryCheck.openings(in: root)
        #expect(found == [
            .init(path: root.path, mode: 0o755), .init(path: root.appendingPathComponent("images/ab/1.jpg").path, mode: 0o640),
            .init(path: root.appendingPathComponent("openmarket.sqlite").path, mode: 0o644),
        ])
        let warning = try #require(DataDirectoryCheck.warning(found, directory: root))
        #expect(warning.contains("(755)") && warning.contains("chmod -R go= \(root.path)"), "\(warning)")
    }

    @Test("a wish list's owner never reaches the access log: its routes are logged by their pattern")
    func ownerNotLogged() {
        #expect(AccessLog.loggable("/api/wishlists/3f9a0c1b2d4e5f60718293a4b5c6d7e8f90123456789") == "/api/wishlists/{owner}")
        #expect(AccessLog.loggable("/api/wishlists/abc?x=1") == "/api/wishlists/{owner}?x=1")
        #expect(AccessLog.loggable("/api/products/7") == "/api/products/7")
    }
}

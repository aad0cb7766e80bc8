import Foundation
@testable import MarketApp
import Mocks
import Testing

@Suite("An SSH vendor's picture folder")
struct PictureFolderTests {
    @Test("names inside the folder resolve; absolute paths are inside it too; ways out and links out are nothing, as absent names are")
    func confined() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let root = directory.url.appendingPathComponent("uploads/key")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("sub"), withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: root.appendingPathComponent("a.jpg").path, contents: Data("x".utf8))
        FileManager.default.createFile(atPath: root.appendingPathComponent("sub/b.png").path, contents: Data("x".utf8))
        FileManager.default.createFile(atPath: directory.url.appendingPathComponent("secret").path, contents: Data("x".utf8))
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("out").path, withDestinationPath: directory.url.appendingPathComponent("secret").path)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("in").path, withDestinationPath: "a.jpg")
        let folder = PictureFolder(root: root.path)
        let real = try #require(folder.root)

        #expect(folder.file("a.jpg") == real + "/a.jpg")
        #expect(folder.file("/a.jpg") == real + "/a.jpg", "a leading slash is the folder's")
        #expect(folder.file("sub/b.png") == real + "/sub/b.png")
        #expect(folder.file("in") == real + "/a.jpg", "a link inside stays inside")
        for outside in ["../../secret", "out", "/etc/passwd", "missing.jpg", "", "sub/../../key/../../secret"] {
            #expect(folder.file(outside) == nil, "\(outside)")
        }

        #expect(folder.candidates(for: "") == ["a.jpg", "in", "out", "sub/"])
        #expect(folder.candidates(for: "s") == ["sub/"])
        #expect(folder.candidates(for: "sub/") == ["sub/b.png"])
        #expect(folder.candidates(for: "/e") == [], "the host's /etc is not listed")
        #expect(folder.candidates(for: "../") == [])
        #expect(folder.candidates(for: "out/") == [], "a link out is not followed")

        let nowhere = PictureFolder(root: directory.url.appendingPathComponent("none").path)
        #expect(nowhere.root == nil && nowhere.file("a.jpg") == nil && nowhere.candidates(for: "") == [])
    }
}

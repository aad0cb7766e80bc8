import Foundation
import ImageCodec
import Mocks
import Testing

@testable import ImagePipeline

@Suite("Shrinking pictures for upload")
struct UploadShrinkerTests {
    @Test("a small JPEG or PNG is sent as it is")
    func small() throws {
        let jpeg = FixturePictures.jpeg()
        let prepared = try UploadShrinker().prepare(jpeg)
        #expect(prepared.bytes == jpeg && !prepared.wasShrunk && prepared.format == .jpeg)
        #expect(try UploadShrinker().prepare(FixturePictures.png()).format == .png)
    }

    @Test("a large photo becomes a JPEG of at most 307,200 bytes with the same aspect ratio")
    func shrinks() throws {
        let big = try ImageEncoder().jpeg(FixturePictures.photo(width: 1800, height: 1200, grain: 90), quality: 97)
        #expect(big.count > 307_200)
        let prepared = try UploadShrinker().prepare(big)
        #expect(prepared.wasShrunk)
        #expect(prepared.bytes.count <= 307_200)
        #expect(prepared.originalSize == big.count)
        #expect(abs(Double(prepared.width) / Double(prepared.height) - 1.5) < 0.01)
        let header = try ImageHeader.read(prepared.bytes)
        #expect(header.format == .jpeg && header.width == prepared.width)
    }

    @Test("a large PNG is re-encoded as JPEG")
    func pngToJPEG() throws {
        let png = try ImageEncoder().png(FixturePictures.photo(width: 600, height: 400, grain: 80))
        #expect(png.count > 307_200)
        let prepared = try UploadShrinker().prepare(png)
        #expect(prepared.format == .jpeg && prepared.bytes.count <= 307_200)
    }

    @Test("files: missing, a folder, not a picture, a corrupt JPEG — each a clear error")
    func files() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let shrinker = UploadShrinker()
        #expect(throws: UploadPictureError.missing(folder.path + "/nope.jpg")) {
            try shrinker.prepare(fileAt: folder.path + "/nope.jpg")
        }
        #expect(throws: UploadPictureError.directory(folder.path)) { try shrinker.prepare(fileAt: folder.path) }
        let notes = folder.url.appendingPathComponent("notes.jpg")
        try Data(FixturePictures.text).write(to: notes)
        #expect {
            try shrinker.prepare(fileAt: notes.path)
        } throws: { "\($0)".contains("not a JPEG or PNG") }
        let broken = folder.url.appendingPathComponent("broken.jpg")
        try Data(FixturePictures.corruptJPEG).write(to: broken)
        #expect(throws: UploadPictureError.self) { try shrinker.prepare(fileAt: broken.path) }
        let good = folder.url.appendingPathComponent("good.png")
        try Data(FixturePictures.png()).write(to: good)
        #expect(try shrinker.prepare(fileAt: good.path).format == .png)
    }
}

import Foundation
import ImageCodec
import Mocks
import Testing

@testable import ImagePipeline

@Suite("iTerm2 inline images")
struct ITermImageTests {
    /// The sequence's arguments and its file, checking the framing on the way.
    static func parse(_ bytes: [UInt8]) throws -> (arguments: [String: String], file: [UInt8]) {
        let decoded = try ITermImageDecoder().decode(bytes)
        return (decoded.arguments, decoded.file)
    }

    @Test("a tiny file: the whole sequence")
    func wholeString() {
        let bytes = ITermImageEncoder.sequence(file: [1, 2, 3], columns: 2, rows: 1)
        #expect(
            String(decoding: bytes, as: UTF8.self)
                == "\u{1B}]1337;File=inline=1;width=2;height=1;preserveAspectRatio=0;size=3:AQID\u{07}")
    }

    @Test("header fields and size; the file is a picture our decoder reads, at the picture's size")
    func fields() throws {
        let image = FixturePictures.photo(width: 97, height: 53)
        let (fields, file) = try Self.parse(try ITermImageEncoder().encode(image, columns: 24, rows: 7))
        #expect(
            fields == [
                "inline": "1", "width": "24", "height": "7", "preserveAspectRatio": "0", "size": "\(file.count)",
            ])
        let decoded = try ImageDecoder().decode(file)
        #expect(decoded.width == 97 && decoded.height == 53)
        // A JPEG at quality 85 of the coarse-grained fixture: about 28 dB.
        #expect(PictureQuality.psnr(decoded, image) >= 25)
    }

    @Test("PNG is sent exactly; the smaller choice is a JPEG for a photo and a PNG for a flat picture")
    func formats() throws {
        let photo = StudioPhoto().scaled(width: 240, height: 180)
        let png = try Self.parse(try ITermImageEncoder(format: .png).encode(photo, columns: 30, rows: 10)).file
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(try ImageDecoder().decode(png) == photo)

        let jpeg = try Self.parse(
            try ITermImageEncoder(format: .jpeg(quality: 85)).encode(photo, columns: 30, rows: 10)
        ).file
        #expect(jpeg.starts(with: [0xFF, 0xD8]))

        let chosen = try Self.parse(try ITermImageEncoder().encode(photo, columns: 30, rows: 10)).file
        #expect(chosen == (jpeg.count < png.count ? jpeg : png))
        #expect(chosen.starts(with: [0xFF, 0xD8]), "a photo goes as JPEG")

        let flat = PixelImage(width: 97, height: 53, fill: RGB(30, 60, 90))
        let flatFile = try ITermImageEncoder().file(for: flat)
        #expect(flatFile.starts(with: [0x89, 0x50, 0x4E, 0x47]), "a flat picture goes as PNG")
        #expect(try ImageDecoder().decode(flatFile) == flat)
    }
}

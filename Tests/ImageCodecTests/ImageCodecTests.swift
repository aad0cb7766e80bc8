import ImageCodec
import Mocks
import Testing

@Suite("Image codec")
struct ImageCodecTests {
    @Test("formats are recognised by content, not name")
    func detect() {
        #expect(ImageFormat.detect(FixturePictures.jpeg()) == .jpeg)
        #expect(ImageFormat.detect(FixturePictures.png()) == .png)
        #expect(ImageFormat.detect(FixturePictures.text) == nil)
        #expect(ImageFormat.detect([UInt8]()) == nil)
    }

    @Test("headers give the size without decoding")
    func headers() throws {
        #expect(try ImageHeader.read(FixturePictures.jpeg(width: 123, height: 45)) == ImageHeader(format: .jpeg, width: 123, height: 45))
        #expect(try ImageHeader.read(FixturePictures.png(width: 7, height: 300)) == ImageHeader(format: .png, width: 7, height: 300))
        #expect(try ImageHeader.read(FixturePictures.pngClaiming(width: 100_000, height: 100_000)).pixelCount == 10_000_000_000)
        #expect(throws: ImageCodecError.notAnImage) { try ImageHeader.read(FixturePictures.text) }
    }

    @Test("PNG round trip is lossless; JPEG round trip is close")
    func roundTrips() throws {
        let image = FixturePictures.pattern(width: 40, height: 30)
        let png = try ImageDecoder().decode(try ImageEncoder().png(image))
        #expect(png == image)
        let jpeg = try ImageDecoder().decode(try ImageEncoder().jpeg(image, quality: 95))
        #expect(jpeg.width == 40 && jpeg.height == 30)
        let error = zip(jpeg.pixels, image.pixels).map { abs(Int($0) - Int($1)) }.reduce(0, +) / image.pixels.count
        #expect(error < 8)
    }

    @Test("a header claiming too many pixels is refused before decoding")
    func bomb() {
        #expect {
            try ImageDecoder().decode(FixturePictures.pngClaiming(width: 100_000, height: 100_000))
        } throws: { ($0 as? ImageCodecError)?.isTooManyPixels == true }
        #expect {
            try ImageDecoder(maxPixels: 1000).decode(FixturePictures.jpeg(width: 100, height: 100))
        } throws: { ($0 as? ImageCodecError)?.isTooManyPixels == true }
    }

    @Test("corrupt data is a typed error, never a crash")
    func corrupt() {
        #expect(throws: ImageCodecError.self) { try ImageDecoder().decode(FixturePictures.corruptJPEG) }
        #expect(throws: ImageCodecError.self) { try ImageDecoder().decode(Array(FixturePictures.png().prefix(40))) }
        #expect(throws: ImageCodecError.self) { try ImageDecoder().decode(FixturePictures.text) }
    }

    @Test("scaled JPEG decode picks the smallest scale that still covers the target")
    func scaledDecode() throws {
        let bytes = FixturePictures.jpeg(width: 800, height: 600)
        let image = try ImageDecoder().decode(bytes, atLeast: (width: 90, height: 60))
        #expect(image.width == 100 && image.height == 75)
        let sevenEighths = try ImageDecoder().decode(bytes, atLeast: (width: 700, height: 10))
        #expect(sevenEighths.width == 700)
        let whole = try ImageDecoder().decode(bytes, atLeast: (width: 701, height: 10))
        #expect(whole.width == 800)
    }

    @Test("area averaging: exact means, fractional spans, sizes that fit")
    func scaling() {
        var image = PixelImage(width: 4, height: 2, fill: RGB(0, 0, 0))
        image[0, 0] = RGB(200, 100, 0)
        image[1, 0] = RGB(100, 100, 0)
        image[0, 1] = RGB(0, 100, 0)
        image[1, 1] = RGB(100, 100, 0)
        let half = ImageScaler().resize(image, width: 2, height: 1)
        #expect(half[0, 0] == RGB(100, 100, 0))
        #expect(half[1, 0] == RGB(0, 0, 0))
        let third = ImageScaler().resize(PixelImage(width: 3, height: 1, pixels: [0, 0, 0, 90, 90, 90, 180, 180, 180]), width: 2, height: 1)
        #expect(third[0, 0] == RGB(30, 30, 30))
        #expect(third[1, 0] == RGB(150, 150, 150))
        let fitted = ImageScaler.fitting(width: 500, height: 250, longSide: 200)
        #expect(fitted.width == 200 && fitted.height == 100)
        let small = ImageScaler.fitting(width: 100, height: 50, longSide: 200)
        #expect(small.width == 100 && small.height == 50, "never enlarges")
    }

    @Test("a PNG header claiming 4294967295×4294967295 is corrupt, not an overflow (fuzz finding)")
    func hugePNGHeader() {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        png += [UInt8](repeating: 0xFF, count: 8) + [8, 2, 0, 0, 0, 0, 0, 0, 0]
        #expect(throws: ImageCodecError.self) { try ImageHeader.read(png) }
        #expect(throws: ImageCodecError.self) { try ImageDecoder(maxPixels: 1 << 20).decode(png) }
        #expect(ImageHeader(format: .png, width: Int.max, height: 3).pixelCount == Int.max, "saturates")
    }
}

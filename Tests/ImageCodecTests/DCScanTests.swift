import CJPEGDC
import Foundation
import ImageCodec
import Mocks
import Testing

/// The DC-only scan behind 1/8-scale JPEG decodes, checked against libjpeg-turbo on the same bytes.
@Suite("DC scan")
struct DCScanTests {
    /// The scan's own answer and picture, called directly so a silent fallback cannot pass for it.
    private func scan(_ bytes: [UInt8], width: Int? = nil, height: Int? = nil, colour: (Int, Int) = (1, 1)) throws
        -> (status: Int32, image: PixelImage)
    {
        var (w, h) = (width ?? 0, height ?? 0)
        if width == nil || height == nil {
            let header = try ImageHeader.read(bytes)
            (w, h) = ((header.width + 7) / 8, (header.height + 7) / 8)
        }
        var pixels = [UInt8](repeating: 0, count: w * h * 3)
        let status = bytes.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { dst in
                jdc_decode_eighth(src.baseAddress, src.count, dst.baseAddress, Int32(w), Int32(h), Int32(colour.0), Int32(colour.1))
            }
        }
        return (status, PixelImage(width: w, height: h, pixels: pixels))
    }

    /// libjpeg-turbo's 1/8-scale decode of the same bytes.
    private func turbo(_ bytes: [UInt8]) throws -> PixelImage {
        let header = try ImageHeader.read(bytes)
        return try ImageDecoder(dcScan: false).decode(bytes, atLeast: ((header.width + 7) / 8, (header.height + 7) / 8))
    }

    /// The decoder as the app uses it, with the scan allowed for any size.
    private func eighth(_ bytes: [UInt8]) throws -> PixelImage {
        let header = try ImageHeader.read(bytes)
        return try ImageDecoder(dcScanMinimumBytes: 0).decode(bytes, atLeast: ((header.width + 7) / 8, (header.height + 7) / 8))
    }

    private func psnr(_ a: PixelImage, _ b: PixelImage) -> Double {
        let squares = zip(a.pixels, b.pixels).reduce(0.0) { sum, pair in
            let d = Double(Int(pair.0) - Int(pair.1))
            return sum + d * d
        }
        let mse = squares / Double(a.pixels.count)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    @Test("grey, 4:4:4 and 4:2:2 pictures come out exactly as libjpeg-turbo's 1/8-scale decode", arguments: [
        JPEGChroma.grey, .full, .subsampled422,
    ])
    func exact(chroma: JPEGChroma) throws {
        for (width, height) in [(136, 88), (333, 101), (8, 8), (9, 17)] {
            let bytes = try ImageEncoder().jpeg(FixturePictures.photo(width: width, height: height, grain: 30), quality: 90, chroma: chroma)
            let result = try scan(bytes)
            #expect(result.status == JDC_OK, "\(width)×\(height)")
            #expect(result.image == (try turbo(bytes)), "\(width)×\(height)")
            #expect(try eighth(bytes) == result.image)
        }
    }

    @Test("4:2:0 grey content is exact, and colour is each block's mean")
    func subsampled() throws {
        // Grey in 4:2:0: the chroma is flat, so only the luma scan decides the result.
        var grey = FixturePictures.photo(width: 160, height: 96, grain: 30)
        for i in stride(from: 0, to: grey.pixels.count, by: 3) {
            grey.pixels[i + 1] = grey.pixels[i]
            grey.pixels[i + 2] = grey.pixels[i]
        }
        let greyBytes = try ImageEncoder().jpeg(grey, quality: 90)
        #expect(try scan(greyBytes).image == (try turbo(greyBytes)))

        // Colour: the scan gives each 16×16 area one colour, the chroma block's mean, where libjpeg-turbo's
        // reduced IDCT gives each 8×8 one; against the true 8×8 means of the full decode it is close.
        let colour = try ImageEncoder().jpeg(FixturePictures.photo(width: 640, height: 384, grain: 30), quality: 90)
        let result = try scan(colour)
        #expect(result.status == JDC_OK)
        let means = ImageScaler().resize(try ImageDecoder().decode(colour), width: 80, height: 48)
        #expect(psnr(result.image, means) > 30)
        // So the decoder takes the scan only when 16×16 colour covers the size asked for: 40×24 here.
        #expect(try scan(colour, colour: (40, 24)).status == JDC_OK)
        #expect(try scan(colour, colour: (41, 24)).status == JDC_TOO_COARSE)
        #expect(try scan(colour, colour: (40, 25)).status == JDC_TOO_COARSE)
        let decoder = ImageDecoder(dcScanMinimumBytes: 0)
        #expect(try decoder.decode(colour, atLeast: (40, 24)) == result.image)
        #expect(try decoder.decode(colour, atLeast: (60, 40)) == (try turbo(colour)))
        // 4:2:2 colour is no coarser than libjpeg-turbo's at this scale: the scan matches it at any size.
        let halved = try ImageEncoder().jpeg(FixturePictures.photo(width: 640, height: 384, grain: 30), quality: 90, chroma: .subsampled422)
        #expect(try scan(halved, colour: (80, 48)).status == JDC_OK)
    }

    @Test("restart markers: the same picture with and without them scans the same")
    func restarts() throws {
        let plain = try scan(PictureFixtures.bytes(.grain420))
        let restarted = try scan(PictureFixtures.bytes(.grain420Restart))
        #expect(plain.status == JDC_OK && restarted.status == JDC_OK)
        #expect(plain.image == restarted.image)
        let full = try PictureFixtures.bytes(.grain444Restart)
        #expect(try scan(full).status == JDC_OK)
        #expect(try scan(full).image == (try turbo(full)))
    }

    @Test("progressive and RGB JPEGs are left to libjpeg-turbo, which decodes them")
    func fallbacks() throws {
        let progressive = try ImageEncoder().jpeg(FixturePictures.photo(width: 136, height: 88), quality: 90, progressive: true)
        #expect(try scan(progressive).status == JDC_UNSUPPORTED)
        #expect(try eighth(progressive) == (try turbo(progressive)))

        let rgb = try PictureFixtures.bytes(.grainRGB)
        #expect(try scan(rgb).status == JDC_UNSUPPORTED)
        let decoded = try eighth(rgb)
        #expect(decoded == (try turbo(rgb)))
        // Read as YCbCr it would be wildly off; as RGB it is near the 4:4:4 fixture of the same picture.
        #expect(psnr(decoded, try turbo(PictureFixtures.bytes(.grain444Restart))) > 25)

        let bytes = FixturePictures.jpeg(width: 64, height: 48)
        #expect(try scan(bytes, width: 9, height: 6).status == JDC_UNSUPPORTED)
    }

    @Test("damage is reported, and the decoder then shows what libjpeg-turbo can")
    func damage() throws {
        let bytes = try ImageEncoder().jpeg(FixturePictures.photo(width: 200, height: 120, grain: 30), quality: 90)
        let truncated = Array(bytes.prefix(bytes.count / 2))
        #expect(try scan(truncated).status == JDC_CORRUPT)
        #expect(try eighth(truncated) == (try turbo(truncated)))

        // A restart marker out of sequence.
        var misnumbered = try PictureFixtures.bytes(.grain420Restart)
        let third = try #require(
            misnumbered.indices.dropLast().filter { misnumbered[$0] == 0xFF && misnumbered[$0 + 1] == 0xD2 }.first)
        misnumbered[third + 1] = 0xD5
        #expect(try scan(misnumbered).status == JDC_CORRUPT)

        // Not a JPEG at all, and a start of image with garbage after it.
        #expect(try scan(FixturePictures.corruptJPEG, width: 1, height: 1).status == JDC_CORRUPT)
        var empty = [UInt8](repeating: 0, count: 3)
        let status = empty.withUnsafeMutableBufferPointer { jdc_decode_eighth(nil, 0, $0.baseAddress, 1, 1, 1, 1) }
        #expect(status == JDC_UNSUPPORTED)
    }

    @Test("a thousand mutated files never crash the scan")
    func mutations() throws {
        let sources = [
            try ImageEncoder().jpeg(FixturePictures.photo(width: 96, height: 64, grain: 30), quality: 85),
            try PictureFixtures.bytes(.grain420Restart),
            try ImageEncoder().jpeg(FixturePictures.photo(width: 40, height: 24), quality: 70, chroma: .grey),
        ]
        var random = SplitMix(seed: 42)
        var outcomes = [Int32: Int]()
        for round in 0..<1000 {
            var bytes = sources[round % sources.count]
            let header = try ImageHeader.read(bytes)
            // Mostly the first few hundred bytes (the tables), sometimes anywhere, sometimes cut short.
            for _ in 0..<(1 + Int(random.next() % 4)) {
                let reach = random.next() % 3 == 0 ? bytes.count : min(bytes.count, 700)
                bytes[Int(random.next() % UInt64(reach))] = UInt8(truncatingIfNeeded: random.next())
            }
            if random.next() % 5 == 0 { bytes = Array(bytes.prefix(Int(random.next() % UInt64(bytes.count)))) }
            let status = try scan(bytes, width: (header.width + 7) / 8, height: (header.height + 7) / 8).status
            #expect([JDC_OK, JDC_UNSUPPORTED, JDC_CORRUPT].contains(status))
            outcomes[status, default: 0] += 1
        }
        // The mutations reach every outcome, so the loop is not testing one early exit.
        #expect(outcomes.count == 3, "\(outcomes)")
    }
}

import Foundation
import ImageCodec
import Mocks
import Testing

@testable import ImagePipeline

@Suite("Sixel encoding")
struct SixelTests {
    /// Encodes, checks the bytes are sixel, decodes strictly; the decoded picture and its PSNR.
    static func roundTrip(_ image: PixelImage, _ encoder: SixelEncoder = SixelEncoder()) throws
        -> (bytes: [UInt8], decoded: SixelDecoder.Decoded, psnr: Double)
    {
        let bytes = encoder.encode(image)
        #expect(bytes.prefix(3) == [0x1B, 0x50, 0x71], "starts ESC P q")
        #expect(bytes.suffix(2) == [0x1B, 0x5C], "ends ESC \\")
        let body = bytes.dropFirst(3).dropLast(2)
        let stray = body.first { !Self.isSixelData($0) }
        #expect(stray == nil, "byte \(stray.map { String($0) } ?? "") inside the sixel data")
        let decoded = try SixelDecoder().decode(bytes)
        #expect(decoded.image.width == image.width && decoded.image.height == image.height)
        #expect(decoded.raster?.width == image.width && decoded.raster?.height == image.height)
        #expect(decoded.raster?.pan == 1 && decoded.raster?.pad == 1)
        #expect(decoded.unsetPixels == 0, "every pixel drawn")
        #expect(decoded.overdrawnPixels == 0, "no pixel drawn twice")
        #expect(decoded.registers.count <= encoder.maxColors && decoded.usedRegisters.count <= encoder.maxColors)
        #expect(decoded.definitions == decoded.registers.count, "each register defined once")
        #expect(decoded.registers.keys.allSatisfy { $0 < encoder.maxColors })
        #expect(decoded.longestLiteralRun <= 3, "runs of 4 or more are written with !")
        return (bytes, decoded, PictureQuality.psnr(decoded.image, image))
    }

    /// What may appear between the introducer and the terminator: sixels, digits and `"#!$-;`.
    static func isSixelData(_ byte: UInt8) -> Bool {
        (0x3F...0x7E).contains(byte) || (0x30...0x39).contains(byte) || Array("\"#!$-;".utf8).contains(byte)
    }

    /// The picture with every channel passed through sixel's whole percentages, as a terminal shows it.
    static func throughPercent(_ image: PixelImage) -> PixelImage {
        PixelImage(
            width: image.width, height: image.height,
            pixels: image.pixels.map { SixelDecoder.channel(percent: SixelEncoder.percent($0)) })
    }

    /// A picture of `count` distinct colours spread over the cube, repeated over the pixels.
    static func colours(_ count: Int, width: Int, height: Int) -> PixelImage {
        var image = PixelImage(width: width, height: height, fill: RGB(0, 0, 0))
        for y in 0..<height {
            for x in 0..<width {
                let n = (y * width + x) % count
                image[x, y] = RGB(UInt8(n * 37 % 256), UInt8(n * 101 % 256), UInt8(n * 13 % 256))
            }
        }
        return image
    }

    static func escaped(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\u{1B}", with: "⎋")
    }

    @Test("a 1×1 picture is exactly one register and one sixel")
    func onePixel() throws {
        let bytes = SixelEncoder().encode(PixelImage(width: 1, height: 1, fill: RGB(255, 0, 0)))
        #expect(Self.escaped(bytes) == "⎋Pq\"1;1;1;1#0;2;100;0;0#0@⎋\\")
        let trip = try Self.roundTrip(PixelImage(width: 1, height: 1, fill: RGB(255, 0, 0)))
        #expect(trip.psnr == .infinity)
    }

    @Test("one colour at 97×53: full bands are one repeat each, the last band has five rows")
    func singleColour() throws {
        let image = PixelImage(width: 97, height: 53, fill: RGB(0, 128, 255))
        let bytes = SixelEncoder().encode(image)
        let band = "#0!97~"
        let expected =
            "⎋Pq\"1;1;97;53#0;2;0;50;100" + Array(repeating: band, count: 8).joined(separator: "-") + "-#0!97^⎋\\"
        #expect(Self.escaped(bytes) == expected)
        let trip = try Self.roundTrip(image)
        #expect(trip.decoded.image == Self.throughPercent(image))
    }

    @Test("each band selects only the colours it has; trailing blank columns are left out")
    func colourPerBand() throws {
        var image = PixelImage(width: 4, height: 12, fill: RGB(255, 0, 0))
        for y in 6..<12 {
            for x in 0..<4 { image[x, y] = RGB(0, 0, 255) }
        }
        image[0, 11] = RGB(255, 255, 255)
        let bytes = SixelEncoder().encode(image)
        // Band 2: blue everywhere but row 5 of column 0 (bits 0–4: 31 → "^"), white only at column 0.
        #expect(
            Self.escaped(bytes)
                == "⎋Pq\"1;1;4;12#0;2;100;0;0#1;2;0;0;100#2;2;100;100;100#0!4~-#1^~~~$#2_⎋\\")
        #expect(try Self.roundTrip(image).decoded.image == image)
    }

    @Test(
        "pictures of at most 256 colours come back exactly (through sixel's whole percentages)",
        arguments: [(97, 53, 1), (97, 53, 2), (97, 53, 200), (1, 1, 1), (31, 7, 217), (64, 64, 256)])
    func exactFewColours(width: Int, height: Int, count: Int) throws {
        let image = Self.colours(count, width: width, height: height)
        let trip = try Self.roundTrip(image)
        #expect(trip.decoded.image == Self.throughPercent(image))
        #expect(PictureQuality.maxChannelDifference(trip.decoded.image, image) <= 1)
        #expect(trip.decoded.registers.count == count)
    }

    @Test("colours sixel can say exactly come back identical")
    func exactRepresentable() throws {
        // 0, 51, 102, 153, 204, 255 are 0, 20, 40, 60, 80, 100 percent exactly.
        var image = PixelImage(width: 36, height: 11, fill: RGB(0, 0, 0))
        for y in 0..<11 {
            for x in 0..<36 { image[x, y] = RGB(UInt8(x % 6 * 51), UInt8(x / 6 * 51), UInt8(y % 6 * 51)) }
        }
        let trip = try Self.roundTrip(image)
        #expect(trip.decoded.image == image)
        #expect(trip.psnr == .infinity)
    }

    @Test(
        "photos and gradients of many colours come back at 25 dB or better",
        arguments: [
            ("photo 97×53", FixturePictures.photo(width: 97, height: 53)),
            ("photo 240×180", FixturePictures.photo(width: 240, height: 180)),
            ("pattern 97×53", FixturePictures.pattern(width: 97, height: 53)),
            ("pattern 160×121", FixturePictures.pattern(width: 160, height: 121, seed: 3)),
            ("gradient 256×64", SixelTests.gradient(width: 256, height: 64)),
        ])
    func manyColours(name: String, image: PixelImage) throws {
        #expect(MedianCutPalette.distinctColors(image, limit: 256) == nil, "more than 256 colours")
        for dithering in [SixelEncoder.Dithering.none, .floydSteinberg] {
            let trip = try Self.roundTrip(image, SixelEncoder(dithering: dithering))
            #expect(trip.psnr >= 25, "\(name), \(dithering): \(trip.psnr) dB")
            #expect(trip.decoded.registers.count <= 256)
        }
    }

    @Test("the demo-like shop photo at 240×180 comes back at 25 dB or better")
    func studioPhoto() throws {
        let image = StudioPhoto().scaled(width: 240, height: 180)
        let trip = try Self.roundTrip(image)
        #expect(trip.psnr >= 25, "\(trip.psnr) dB")
        #expect(trip.decoded.repeats > 0)
    }

    /// Red across, green down, blue along the diagonal: 16,384 distinct colours.
    static func gradient(width: Int, height: Int) -> PixelImage {
        var image = PixelImage(width: width, height: height, fill: RGB(0, 0, 0))
        for y in 0..<height {
            for x in 0..<width {
                image[x, y] = RGB(
                    UInt8(x * 255 / max(1, width - 1)), UInt8(y * 255 / max(1, height - 1)),
                    UInt8((x + y) * 255 / max(1, width + height - 2)))
            }
        }
        return image
    }

    @Test("a smaller register limit (as XTSMGRAPHICS may report) is kept, and costs quality", arguments: [2, 16, 64])
    func registerLimit(limit: Int) throws {
        let image = FixturePictures.photo(width: 97, height: 53)
        let limited = try Self.roundTrip(image, SixelEncoder(maxColors: limit))
        #expect(limited.decoded.registers.count <= limit)
        #expect(Set(limited.decoded.registers.keys).isSubset(of: Set(0..<limit)))
        let full = try Self.roundTrip(image)
        #expect(full.psnr > limited.psnr)
        let dithered = try Self.roundTrip(image, SixelEncoder(maxColors: limit, dithering: .floydSteinberg))
        #expect(dithered.decoded.registers.count <= limit)
    }

    @Test("the decoder refuses what it does not understand")
    func decoderIsStrict() {
        let decoder = SixelDecoder()
        func refuses(_ text: String) -> Bool {
            (try? decoder.decode(Array(text.utf8))) == nil
        }
        #expect(!refuses("\u{1B}Pq\"1;1;1;1#0;2;100;0;0#0@\u{1B}\\"))
        #expect(refuses("\u{1B}Pq\"1;1;1;1#0;1;120;50;100#0@\u{1B}\\"), "HLS colour")
        #expect(refuses("\u{1B}Pq\"1;1;1;1#0;2;101;0;0#0@\u{1B}\\"), "over 100 percent")
        #expect(refuses("\u{1B}Pq\"1;1;1;1#3@\u{1B}\\"), "register never defined")
        #expect(refuses("\u{1B}Pq\"1;1;1;1#0;2;0;0;0#0@\u{1B}x\u{1B}\\"), "ESC inside")
        #expect(refuses("\u{1B}Pq\"1;1;1;1#0;2;0;0;0#0@\n\u{1B}\\"), "a C0 byte inside")
        #expect(refuses("\u{1B}Pq\"1;1;1;1#0;2;0;0;0#0@@\u{1B}\\"), "drawing outside the raster")
        #expect(refuses("\u{1B}Pq\"1;1;1;1#0;2;0;0;0#0A\u{1B}\\"), "below the raster")
        #expect(refuses("\u{1B}Pq#0;2;0;0;0#0@\"1;1;1;1\u{1B}\\"), "raster after pixels")
        #expect(refuses("\u{1B}Pq\"1;1;1;1#0;2;0;0;0#0!@\u{1B}\\"), "repeat without a count")
    }
}

extension SixelTests {
    @Suite("Median-cut palette")
    struct Palette {
        @Test("a picture with few colours gets exactly its colours, in order of appearance")
        func exactColours() {
            var image = PixelImage(width: 3, height: 2, fill: RGB(9, 9, 9))
            image[1, 0] = RGB(1, 2, 3)
            image[2, 1] = RGB(200, 100, 50)
            #expect(MedianCutPalette(image).colors == [RGB(9, 9, 9), RGB(1, 2, 3), RGB(200, 100, 50)])
            #expect(MedianCutPalette(image, maxColors: 3).colors.count == 3)
            #expect(MedianCutPalette(image, maxColors: 2).colors.count == 2)
        }

        @Test("never more colours than the limit, and more colours fit better", arguments: [1, 2, 8, 64, 256])
        func limit(limit: Int) {
            let image = FixturePictures.photo(width: 120, height: 90)
            let palette = MedianCutPalette(image, maxColors: limit)
            #expect(palette.colors.count == limit)
            #expect(Set(palette.colors.map { [$0.r, $0.g, $0.b] }).count == limit, "no colour twice")
        }

        @Test("the palette follows the picture: a two-tone photo's palette sits near its two tones")
        func follows() {
            var image = PixelImage(width: 40, height: 40, fill: RGB(20, 200, 30))
            for y in 0..<40 {
                for x in 0..<20 { image[x, y] = RGB(UInt8(200 + (x + y) % 7), 10, UInt8(90 + x % 5)) }
            }
            for y in 0..<40 where y % 3 == 0 { image[30, y] = RGB(22, 198, UInt8(30 + y % 4)) }
            let palette = MedianCutPalette(image, maxColors: 2)
            let sorted = palette.colors.sorted { $0.r < $1.r }
            #expect(abs(Int(sorted[0].r) - 20) <= 2 && abs(Int(sorted[0].g) - 200) <= 2)
            #expect(abs(Int(sorted[1].r) - 203) <= 2 && sorted[1].g == 10)
        }

        @Test("the cached nearest colour equals a search of the whole palette")
        func nearestIsExact() {
            var state: UInt64 = 7
            func next() -> Int {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return Int(state >> 56)
            }
            for size in [1, 2, 5, 40, 256] {
                let palette = (0..<size).map { _ in RGB(UInt8(next()), UInt8(next()), UInt8(next())) }
                var lookup = NearestColorLookup(palette: palette)
                for _ in 0..<4000 {
                    let (r, g, b) = (next(), next(), next())
                    func distance(_ c: RGB) -> Int {
                        let d = (Int(c.r) - r, Int(c.g) - g, Int(c.b) - b)
                        return d.0 * d.0 + d.1 * d.1 + d.2 * d.2
                    }
                    let fast = lookup.index(r: r, g: g, b: b)
                    let best = palette.map(distance).min()!
                    #expect(distance(palette[fast]) == best, "(\(r),\(g),\(b)) in a palette of \(size)")
                    #expect(fast == palette.firstIndex { distance($0) == best }, "ties go to the lower index")
                }
            }
        }
    }
}

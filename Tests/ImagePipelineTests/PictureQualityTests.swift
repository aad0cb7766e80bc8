import Foundation
import ImageCodec
import Mocks
import Testing

@testable import ImagePipeline

@Suite("Picture quality and encoder figures")
struct PictureQualityTests {
    @Test("identical pictures: no error, infinite PSNR")
    func identical() {
        let image = FixturePictures.photo(width: 31, height: 17)
        #expect(PictureQuality.meanSquaredError(image, image) == 0)
        #expect(PictureQuality.psnr(image, image) == .infinity)
        #expect(PictureQuality.maxChannelDifference(image, image) == 0)
    }

    @Test("known noise: ±10 on every channel is 28.13 dB; 16 on one byte in four is 30.07 dB")
    func knownNoise() {
        let grey = PixelImage(width: 10, height: 10, fill: RGB(128, 128, 128))
        var noisy = grey
        for i in noisy.pixels.indices { noisy.pixels[i] = i % 2 == 0 ? 138 : 118 }
        #expect(PictureQuality.meanSquaredError(grey, noisy) == 100)
        #expect(abs(PictureQuality.psnr(grey, noisy) - 28.13) < 0.1)
        #expect(abs(PictureQuality.psnr(noisy, grey) - 28.13) < 0.1, "symmetric")

        var sparse = grey
        for i in stride(from: 0, to: sparse.pixels.count, by: 4) { sparse.pixels[i] = 112 }
        #expect(PictureQuality.meanSquaredError(grey, sparse) == 64)
        #expect(abs(PictureQuality.psnr(grey, sparse) - 30.07) < 0.1)
        #expect(PictureQuality.maxChannelDifference(grey, sparse) == 16)

        let black = PixelImage(width: 3, height: 3, fill: RGB(0, 0, 0))
        let white = PixelImage(width: 3, height: 3, fill: RGB(255, 255, 255))
        #expect(PictureQuality.psnr(black, white) == 0)
    }

    /// The median of `runs` timings of `work`, in milliseconds, and its last result.
    static func timed<T>(runs: Int = 3, _ work: () throws -> T) rethrows -> (ms: Double, result: T) {
        let clock = ContinuousClock()
        var times: [Double] = []
        var result: T?
        for _ in 0..<runs {
            let start = clock.now
            result = try work()
            let elapsed = clock.now - start
            times.append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
        }
        return (times.sorted()[runs / 2], result!)
    }

    static func figure(_ value: Double) -> String { String(format: "%.1f", value) }

    @Test("figures: bytes and encode time at 480×360, PSNR with and without dithering (printed)")
    func figures() throws {
        let studio = StudioPhoto()
        let pictures: [(String, PixelImage)] = [
            ("demo-like photo 480×360", studio.scaled(width: 480, height: 360)),
            ("grain photo 480×360", FixturePictures.photo(width: 480, height: 360)),
        ]
        let drawn = studio.usedEmoji ? "Noto Color Emoji" : "shaded discs (no emoji font)"
        print("graphics: demo-like photo drawn with \(drawn)")
        for (name, image) in pictures {
            let sixel = Self.timed { SixelEncoder().encode(image) }
            let dithered = Self.timed { SixelEncoder(dithering: .floydSteinberg).encode(image) }
            let png = try Self.timed { try ImageEncoder().png(image) }
            let zipped = try Self.timed { try Zlib().compress(image.pixels) }
            let kitty = try Self.timed {
                try KittyGraphicsEncoder().transmitAndDisplay(image, id: 1, columns: 60, rows: 20)
            }
            let jpeg = try Self.timed { try ImageEncoder().jpeg(image, quality: 85) }
            let iterm = try Self.timed { try ITermImageEncoder().encode(image, columns: 60, rows: 20) }
            #expect(try SixelDecoder().decode(sixel.result).image.width == image.width)
            #expect(try KittyPayloadDecoder().decode(kitty.result).first?.image == image)
            let raw = image.pixels.count
            print(
                "graphics: \(name): sixel \(sixel.result.count) B in \(Self.figure(sixel.ms)) ms;",
                "sixel Floyd–Steinberg \(dithered.result.count) B in \(Self.figure(dithered.ms)) ms")
            print(
                "graphics: \(name): kitty PNG \(png.result.count) B (PNG \(Self.figure(png.ms)) ms),",
                "zlib RGB \(zipped.result.count) B (\(Self.figure(zipped.ms)) ms), raw RGB \(raw) B;",
                "sequence sent \(kitty.result.count) B in \(Self.figure(kitty.ms)) ms")
            print(
                "graphics: \(name): iTerm JPEG q85 \(jpeg.result.count) B (\(Self.figure(jpeg.ms)) ms)",
                "vs PNG \(png.result.count) B; sequence sent \(iterm.result.count) B in \(Self.figure(iterm.ms)) ms")
        }

        let quality: [(String, PixelImage)] = [
            ("grain photo 97×53", FixturePictures.photo(width: 97, height: 53)),
            ("grain photo 240×180", FixturePictures.photo(width: 240, height: 180)),
            ("grain photo 480×360", FixturePictures.photo(width: 480, height: 360)),
            ("smooth photo 240×180", FixturePictures.photo(width: 240, height: 180, grain: 0)),
            ("pattern 240×180", FixturePictures.pattern(width: 240, height: 180)),
            ("demo-like photo 240×180", studio.scaled(width: 240, height: 180)),
            ("demo-like photo 480×360", studio.scaled(width: 480, height: 360)),
        ]
        for (name, image) in quality {
            let plain = try SixelDecoder().decode(SixelEncoder().encode(image)).image
            let dithered = try SixelDecoder().decode(SixelEncoder(dithering: .floydSteinberg).encode(image)).image
            let plainPSNR = PictureQuality.psnr(plain, image)
            let ditheredPSNR = PictureQuality.psnr(dithered, image)
            print(
                "graphics: \(name): sixel PSNR \(Self.figure(plainPSNR)) dB plain,",
                "\(Self.figure(ditheredPSNR)) dB Floyd–Steinberg")
            #expect(plainPSNR >= 25 && ditheredPSNR >= 25, "\(name)")
            // What `SixelEncoder`'s default rests on: against the source, diffusion only adds error.
            #expect(plainPSNR > ditheredPSNR, "\(name)")
        }
    }
}

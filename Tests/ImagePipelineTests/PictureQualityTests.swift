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

    @Test("sixel without dithering beats Floyd–Steinberg against the source, both at 25 dB or better")
    func ditheringOff() async throws {
        // Seconds of arithmetic: on a thread of its own, not one of the two every other test's timers need.
        let measured = try await OwnThread.run {
            let quality: [(String, PixelImage)] = [
                ("grain photo 97×53", FixturePictures.photo(width: 97, height: 53)),
                ("smooth photo 240×180", FixturePictures.photo(width: 240, height: 180, grain: 0)),
                ("pattern 240×180", FixturePictures.pattern(width: 240, height: 180)),
                ("demo-like photo 240×180", StudioPhoto().scaled(width: 240, height: 180)),
            ]
            return try quality.map { name, image in
                let plain = try SixelDecoder().decode(SixelEncoder().encode(image)).image
                let dithered = try SixelDecoder().decode(SixelEncoder(dithering: .floydSteinberg).encode(image)).image
                return (name, PictureQuality.psnr(plain, image), PictureQuality.psnr(dithered, image))
            }
        }
        for (name, plain, dithered) in measured {
            #expect(plain >= 25 && dithered >= 25, "\(name)")
            // What `SixelEncoder`'s default rests on: against the source, diffusion only adds error.
            #expect(plain > dithered, "\(name)")
        }
    }
}

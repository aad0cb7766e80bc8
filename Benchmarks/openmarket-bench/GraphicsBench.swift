import Foundation
import ImageCodec
import ImagePipeline
import Mocks

/// Pictures in the terminal's own graphics (issue 15): bytes and encode time per picture at 480×360 for
/// sixel, kitty and iTerm2, and sixel's PSNR with and without dithering.
enum GraphicsBench {
    static func run() throws -> [String] {
        var lines: [String] = []
        let studio = StudioPhoto()
        lines.append("demo-like photo drawn with \(studio.usedEmoji ? "Noto Color Emoji" : "shaded discs (no emoji font)")")
        lines.append("| picture | sixel B (ms) | sixel Floyd–Steinberg B (ms) | kitty PNG B | kitty zlib RGB B | kitty sent B (ms) | iTerm JPEG q85 B | iTerm sent B (ms) |")
        lines.append("|---|---|---|---|---|---|---|---|")
        for (name, image) in [
            ("demo-like photo 480×360", studio.scaled(width: 480, height: 360)),
            ("grained photo 480×360", FixturePictures.photo(width: 480, height: 360)),
        ] {
            let sixel = timed { SixelEncoder().encode(image) }
            let dithered = timed { SixelEncoder(dithering: .floydSteinberg).encode(image) }
            let png = try ImageEncoder().png(image)
            let zipped = try Zlib().compress(image.pixels)
            let kitty = try timed { try KittyGraphicsEncoder().transmitAndDisplay(image, id: 1, columns: 60, rows: 20) }
            let jpeg = try ImageEncoder().jpeg(image, quality: 85)
            let iterm = try timed { try ITermImageEncoder().encode(image, columns: 60, rows: 20) }
            lines.append(
                "| \(name) | \(sixel.result.count) (\(figure(sixel.ms))) | \(dithered.result.count) (\(figure(dithered.ms))) "
                    + "| \(png.count) | \(zipped.count) | \(kitty.result.count) (\(figure(kitty.ms))) | \(jpeg.count) "
                    + "| \(iterm.result.count) (\(figure(iterm.ms))) |")
        }
        lines.append("")
        lines.append("| picture | sixel PSNR, no dithering | Floyd–Steinberg |")
        lines.append("|---|---|---|")
        for (name, image) in [
            ("grained photo 240×180", FixturePictures.photo(width: 240, height: 180)),
            ("smooth photo 240×180", FixturePictures.photo(width: 240, height: 180, grain: 0)),
            ("demo-like photo 240×180", studio.scaled(width: 240, height: 180)),
            ("demo-like photo 480×360", studio.scaled(width: 480, height: 360)),
        ] {
            let plain = try SixelDecoder().decode(SixelEncoder().encode(image)).image
            let dithered = try SixelDecoder().decode(SixelEncoder(dithering: .floydSteinberg).encode(image)).image
            lines.append(
                "| \(name) | \(figure(PictureQuality.psnr(plain, image))) dB | \(figure(PictureQuality.psnr(dithered, image))) dB |")
        }
        return lines
    }

    /// The median time of five runs, in milliseconds, and the last result.
    static func timed<T>(_ work: () throws -> T) rethrows -> (ms: Double, result: T) {
        var times: [Double] = []
        var result: T?
        for _ in 0..<5 {
            let start = ContinuousClock.now
            result = try work()
            times.append(BenchTiming.seconds(ContinuousClock.now - start) * 1000)
        }
        return (BenchTiming.median(times), result!)
    }

    static func figure(_ value: Double) -> String { String(format: "%.1f", value) }
}

import Foundation
import ImageCodec

/// Picture quality figures.
public enum ImageQuality {
    /// Peak signal-to-noise ratio in dB between two pictures of the same size (∞ when identical).
    public static func psnr(_ a: PixelImage, _ b: PixelImage) -> Double {
        precondition(a.width == b.width && a.height == b.height, "PSNR needs pictures of one size")
        var sum = 0.0
        for i in 0..<a.pixels.count {
            let d = Double(a.pixels[i]) - Double(b.pixels[i])
            sum += d * d
        }
        let mse = sum / Double(a.pixels.count)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }
}

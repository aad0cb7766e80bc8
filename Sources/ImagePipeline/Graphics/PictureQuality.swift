import Foundation
import ImageCodec

/// How close a picture is to another of the same size: mean squared error and PSNR over 8-bit RGB.
public enum PictureQuality {
    /// The mean of the squared differences of every channel of every pixel.
    public static func meanSquaredError(_ a: PixelImage, _ b: PixelImage) -> Double {
        precondition(a.width == b.width && a.height == b.height, "pictures of different sizes")
        var sum = 0
        a.pixels.withUnsafeBufferPointer { p in
            b.pixels.withUnsafeBufferPointer { q in
                for i in 0..<p.count {
                    let d = Int(p[i]) - Int(q[i])
                    sum += d * d
                }
            }
        }
        return Double(sum) / Double(a.pixels.count)
    }

    /// Peak signal-to-noise ratio in dB, `10 · log10(255² / MSE)`; `.infinity` for identical pictures.
    public static func psnr(_ a: PixelImage, _ b: PixelImage) -> Double {
        let mse = meanSquaredError(a, b)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    /// The largest difference of any one channel of any pixel.
    public static func maxChannelDifference(_ a: PixelImage, _ b: PixelImage) -> Int {
        precondition(a.width == b.width && a.height == b.height, "pictures of different sizes")
        var worst = 0
        for i in 0..<a.pixels.count { worst = max(worst, abs(Int(a.pixels[i]) - Int(b.pixels[i]))) }
        return worst
    }
}

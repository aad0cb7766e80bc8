import Foundation
import ImageCodec

/// Picture quality figures.
public enum ImageQuality {
    /// Peak signal-to-noise ratio in dB between two pictures of the same size (∞ when identical).
    public static func psnr(_ a: PixelImage, _ b: PixelImage) -> Double {
        PictureQuality.psnr(a, b)
    }
}

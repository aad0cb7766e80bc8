/// Resizes RGBA pictures with a Catmull-Rom cubic filter: smooth and sharp when enlarging (where area
/// averaging would give blocks), widened to a proper low-pass filter when shrinking. Works on
/// premultiplied alpha, so transparent pixels never bleed their colour into edges.
public struct CubicScaler: Sendable {
    public init() {}

    /// `image` resized to exactly `width` × `height`.
    public func resize(_ image: RGBAImage, width: Int, height: Int) -> RGBAImage {
        precondition(width > 0 && height > 0)
        if width == image.width && height == image.height { return image }
        let columns = Self.taps(from: image.width, to: width)
        let rows = Self.taps(from: image.height, to: height)
        let source = Self.premultiplied(image)
        let horizontal = Self.horizontal(source, width: image.width, height: image.height, to: width, columns)
        let out = Self.vertical(horizontal, width: width, to: height, rows)
        return RGBAImage(width: width, height: height, pixels: out)
    }

    /// The pixels as floats, premultiplied by their alpha.
    static func premultiplied(_ image: RGBAImage) -> [Float] {
        var source = [Float](repeating: 0, count: image.pixels.count)
        image.pixels.withUnsafeBufferPointer { src in
            source.withUnsafeMutableBufferPointer { dst in
                for i in stride(from: 0, to: src.count, by: 4) {
                    let alpha = Float(src[i + 3]) / 255
                    dst[i] = Float(src[i]) * alpha
                    dst[i + 1] = Float(src[i + 1]) * alpha
                    dst[i + 2] = Float(src[i + 2]) * alpha
                    dst[i + 3] = Float(src[i + 3])
                }
            }
        }
        return source
    }

    /// The rows scaled to `outWidth` columns (`columns`' taps), premultiplied floats in and out.
    static func horizontal(_ source: [Float], width inWidth: Int, height: Int, to width: Int, _ columns: [Taps]) -> [Float] {
        var horizontal = [Float](repeating: 0, count: width * height * 4)
        source.withUnsafeBufferPointer { src in
            horizontal.withUnsafeMutableBufferPointer { dst in
                for y in 0..<height {
                    let rowIn = y * inWidth * 4
                    let rowOut = y * width * 4
                    for x in 0..<width {
                        let tap = columns[x]
                        var sum: (Float, Float, Float, Float) = (0, 0, 0, 0)
                        for k in 0..<tap.weights.count {
                            let w = tap.weights[k]
                            let i = rowIn + (tap.first + k) * 4
                            sum.0 += src[i] * w
                            sum.1 += src[i + 1] * w
                            sum.2 += src[i + 2] * w
                            sum.3 += src[i + 3] * w
                        }
                        dst[rowOut + x * 4] = sum.0
                        dst[rowOut + x * 4 + 1] = sum.1
                        dst[rowOut + x * 4 + 2] = sum.2
                        dst[rowOut + x * 4 + 3] = sum.3
                    }
                }
            }
        }
        return horizontal
    }

    /// The columns scaled to `height` rows (`rows`' taps), unpremultiplied into bytes.
    static func vertical(_ horizontal: [Float], width: Int, to height: Int, _ rows: [Taps]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height * 4)
        horizontal.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                let stride = width * 4
                for y in 0..<height {
                    let tap = rows[y]
                    let rowOut = y * stride
                    for x in 0..<width {
                        var sum: (Float, Float, Float, Float) = (0, 0, 0, 0)
                        for k in 0..<tap.weights.count {
                            let w = tap.weights[k]
                            let i = (tap.first + k) * stride + x * 4
                            sum.0 += src[i] * w
                            sum.1 += src[i + 1] * w
                            sum.2 += src[i + 2] * w
                            sum.3 += src[i + 3] * w
                        }
                        let alpha = max(0, min(255, sum.3))
                        let o = rowOut + x * 4
                        dst[o + 3] = UInt8(alpha + 0.5)
                        guard alpha >= 0.5 else { continue }
                        let unmultiply = 255 / alpha
                        dst[o] = UInt8(max(0, min(255, sum.0 * unmultiply + 0.5)))
                        dst[o + 1] = UInt8(max(0, min(255, sum.1 * unmultiply + 0.5)))
                        dst[o + 2] = UInt8(max(0, min(255, sum.2 * unmultiply + 0.5)))
                    }
                }
            }
        }
        return out
    }

    /// The source pixels one output pixel is made of, and their weights (summing to 1).
    struct Taps {
        var first: Int
        var weights: [Float]
    }

    /// Catmull-Rom (B = 0, C = ½), stretched by the shrink factor when shrinking; edges clamp.
    static func taps(from source: Int, to target: Int) -> [Taps] {
        let scale = Double(source) / Double(target)
        let stretch = max(1, scale)
        let support = 2 * stretch
        return (0..<target).map { i in
            let centre = (Double(i) + 0.5) * scale - 0.5
            let first = Int((centre - support).rounded(.up))
            let last = Int((centre + support).rounded(.down))
            var byPixel: [Int: Double] = [:]
            for s in first...last {
                let weight = catmullRom((Double(s) - centre) / stretch)
                guard weight != 0 else { continue }
                byPixel[min(source - 1, max(0, s)), default: 0] += weight
            }
            let low = byPixel.keys.min() ?? 0
            let high = byPixel.keys.max() ?? 0
            let total = byPixel.values.reduce(0, +)
            let weights = (low...high).map { Float((byPixel[$0] ?? 0) / (total == 0 ? 1 : total)) }
            return Taps(first: low, weights: weights)
        }
    }

    static func catmullRom(_ x: Double) -> Double {
        let t = abs(x)
        if t < 1 { return 1.5 * t * t * t - 2.5 * t * t + 1 }
        if t < 2 { return -0.5 * t * t * t + 2.5 * t * t - 4 * t + 2 }
        return 0
    }
}

/// Resizes pictures by area averaging: every output pixel is the mean of the source area it covers,
/// with fractional weights at the edges, so no detail is skipped and no aliasing appears.
public struct ImageScaler: Sendable {
    public init() {}

    /// The size that fits inside `longSide` on the longer edge, keeping the aspect ratio; never enlarges.
    public static func fitting(width: Int, height: Int, longSide: Int) -> (width: Int, height: Int) {
        let long = max(width, height)
        guard long > longSide else { return (width, height) }
        let scale = Double(longSide) / Double(long)
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }

    /// `image` resized to exactly `width` × `height`.
    public func resize(_ image: PixelImage, width: Int, height: Int) -> PixelImage {
        precondition(width > 0 && height > 0)
        if width == image.width && height == image.height { return image }
        let columns = Self.weights(from: image.width, to: width)
        let rows = Self.weights(from: image.height, to: height)

        // Horizontal pass: source rows × output columns, as floats.
        var horizontal = [Float](repeating: 0, count: width * image.height * 3)
        image.pixels.withUnsafeBufferPointer { src in
            horizontal.withUnsafeMutableBufferPointer { dst in
                for y in 0..<image.height {
                    let rowIn = y * image.width * 3
                    let rowOut = y * width * 3
                    for x in 0..<width {
                        let span = columns[x]
                        var r: Float = 0
                        var g: Float = 0
                        var b: Float = 0
                        for k in 0..<span.weights.count {
                            let w = span.weights[k]
                            let i = rowIn + (span.first + k) * 3
                            r += Float(src[i]) * w
                            g += Float(src[i + 1]) * w
                            b += Float(src[i + 2]) * w
                        }
                        dst[rowOut + x * 3] = r
                        dst[rowOut + x * 3 + 1] = g
                        dst[rowOut + x * 3 + 2] = b
                    }
                }
            }
        }
        // Vertical pass into bytes.
        var out = [UInt8](repeating: 0, count: width * height * 3)
        horizontal.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                let stride = width * 3
                for y in 0..<height {
                    let span = rows[y]
                    let rowOut = y * stride
                    for i in 0..<stride {
                        var sum: Float = 0
                        for k in 0..<span.weights.count {
                            sum += src[(span.first + k) * stride + i] * span.weights[k]
                        }
                        dst[rowOut + i] = UInt8(max(0, min(255, sum + 0.5)))
                    }
                }
            }
        }
        return PixelImage(width: width, height: height, pixels: out)
    }

    /// The source pixels one output pixel covers, and how much of each, summing to 1.
    struct Span {
        var first: Int
        var weights: [Float]
    }

    static func weights(from source: Int, to target: Int) -> [Span] {
        let scale = Double(source) / Double(target)
        return (0..<target).map { i in
            let start = Double(i) * scale
            let end = min(Double(source), Double(i + 1) * scale)
            let first = Int(start)
            let last = max(first, Int((end - 1e-9).rounded(.down)))
            var weights: [Float] = []
            for s in first...min(last, source - 1) {
                let lo = max(start, Double(s))
                let hi = min(end, Double(s + 1))
                weights.append(Float(max(0, hi - lo) / (end - start)))
            }
            return Span(first: first, weights: weights)
        }
    }
}

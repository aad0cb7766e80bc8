/// An 8-bit RGBA picture in memory with straight (not premultiplied) alpha, rows top to bottom.
public struct RGBAImage: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width * height * 4` bytes: red, green, blue, alpha.
    public var pixels: [UInt8]

    /// Makes a picture from its pixels; `pixels.count` must be `width * height * 4`.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width > 0 && height > 0 && pixels.count == width * height * 4, "pixel buffer does not match size")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// How many pixels are not fully transparent.
    public var opaquePixelCount: Int {
        var count = 0
        for i in stride(from: 3, to: pixels.count, by: 4) where pixels[i] != 0 { count += 1 }
        return count
    }

    /// The smallest rectangle holding every pixel that is not fully transparent (`nil` if there is none).
    public var visibleBounds: (x: Int, y: Int, width: Int, height: Int)? {
        var minX = width
        var minY = height
        var maxX = -1
        var maxY = -1
        for y in 0..<height {
            for x in 0..<width where pixels[(y * width + x) * 4 + 3] != 0 {
                minX = min(minX, x)
                maxX = max(maxX, x)
                minY = min(minY, y)
                maxY = max(maxY, y)
            }
        }
        guard maxX >= 0 else { return nil }
        return (minX, minY, maxX - minX + 1, maxY - minY + 1)
    }

    /// The part of the picture inside the rectangle (clamped to the picture).
    public func cropped(x: Int, y: Int, width w: Int, height h: Int) -> RGBAImage {
        let x0 = max(0, min(x, width - 1))
        let y0 = max(0, min(y, height - 1))
        let w0 = max(1, min(w, width - x0))
        let h0 = max(1, min(h, height - y0))
        var out = [UInt8](repeating: 0, count: w0 * h0 * 4)
        for row in 0..<h0 {
            let from = ((y0 + row) * width + x0) * 4
            out.replaceSubrange((row * w0 * 4)..<((row + 1) * w0 * 4), with: pixels[from..<(from + w0 * 4)])
        }
        return RGBAImage(width: w0, height: h0, pixels: out)
    }
}

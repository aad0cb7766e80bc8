/// An 8-bit RGB picture in memory, rows top to bottom, three bytes a pixel.
public struct PixelImage: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width * height * 3` bytes: red, green, blue.
    public var pixels: [UInt8]

    /// Makes a picture from its pixels; `pixels.count` must be `width * height * 3`.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width > 0 && height > 0 && pixels.count == width * height * 3, "pixel buffer does not match size")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A picture filled with one colour.
    public init(width: Int, height: Int, fill: RGB) {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for i in stride(from: 0, to: pixels.count, by: 3) {
            pixels[i] = fill.r
            pixels[i + 1] = fill.g
            pixels[i + 2] = fill.b
        }
        self.init(width: width, height: height, pixels: pixels)
    }

    /// The colour at column `x`, row `y`.
    public subscript(x: Int, y: Int) -> RGB {
        get {
            let i = (y * width + x) * 3
            return RGB(pixels[i], pixels[i + 1], pixels[i + 2])
        }
        set {
            let i = (y * width + x) * 3
            pixels[i] = newValue.r
            pixels[i + 1] = newValue.g
            pixels[i + 2] = newValue.b
        }
    }

    /// The part of the picture inside the rectangle (clamped to the picture), as `RGBAImage.cropped`.
    public func cropped(x: Int, y: Int, width w: Int, height h: Int) -> PixelImage {
        let x0 = max(0, min(x, width - 1))
        let y0 = max(0, min(y, height - 1))
        let w0 = max(1, min(w, width - x0))
        let h0 = max(1, min(h, height - y0))
        if x0 == 0, y0 == 0, w0 == width, h0 == height { return self }
        var out = [UInt8](repeating: 0, count: w0 * h0 * 3)
        for row in 0..<h0 {
            let from = ((y0 + row) * width + x0) * 3
            out.replaceSubrange((row * w0 * 3)..<((row + 1) * w0 * 3), with: pixels[from..<(from + w0 * 3)])
        }
        return PixelImage(width: w0, height: h0, pixels: out)
    }
}

/// One 8-bit RGB colour.
public struct RGB: Sendable, Hashable {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8

    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8) {
        self.r = r
        self.g = g
        self.b = b
    }
}

import Foundation
import ImageCodec

/// Pictures for tests, made on the fly so they are small, exact and need no binary files:
/// a JPEG and a PNG of known size, a file that only pretends, a header that lies about its size.
public enum FixturePictures {
    /// A smooth, photo-like test pattern (gradients and a disc) of the given size.
    public static func pattern(width: Int, height: Int, seed: Int = 0) -> PixelImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        let cx = Double(width) * 0.6
        let cy = Double(height) * 0.4
        let radius = Double(min(width, height)) * 0.3
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 3
                let dx = Double(x) - cx
                let dy = Double(y) - cy
                let inDisc = dx * dx + dy * dy < radius * radius
                pixels[i] = UInt8((x * 255 / max(1, width - 1) + seed * 40) % 256)
                pixels[i + 1] = UInt8(y * 255 / max(1, height - 1))
                pixels[i + 2] = inDisc ? 230 : UInt8((x + y + seed * 7) % 120)
            }
        }
        return PixelImage(width: width, height: height, pixels: pixels)
    }

    /// A photo-like picture: soft gradients, a few discs and fine deterministic grain, which makes
    /// JPEG files about as large as camera pictures of the same size.
    public static func photo(width: Int, height: Int, grain: Int = 40) -> PixelImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        pixels.withUnsafeMutableBufferPointer { p in
            for y in 0..<height {
                for x in 0..<width {
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    let noise = Int(state >> 58) - 32
                    let i = (y * width + x) * 3
                    let fx = x * 255 / width
                    let fy = y * 255 / height
                    let disc = ((x - width / 3) * (x - width / 3) + (y - height / 2) * (y - height / 2)) < (height * height / 9)
                    let r = disc ? 220 - fy / 3 : fx
                    let g = disc ? 120 + fx / 4 : (fx + fy) / 2
                    let b = disc ? 60 : 255 - fy
                    p[i] = UInt8(max(0, min(255, r + noise * grain / 32)))
                    p[i + 1] = UInt8(max(0, min(255, g + noise * grain / 40)))
                    p[i + 2] = UInt8(max(0, min(255, b + noise * grain / 48)))
                }
            }
        }
        return PixelImage(width: width, height: height, pixels: pixels)
    }

    /// JPEG bytes of a test pattern.
    public static func jpeg(width: Int = 64, height: Int = 48, quality: Int = 85, seed: Int = 0) -> [UInt8] {
        // The encoder cannot fail on a valid picture; a failure here is a broken fixture.
        try! ImageEncoder().jpeg(pattern(width: width, height: height, seed: seed), quality: quality)
    }

    /// PNG bytes of a test pattern.
    public static func png(width: Int = 64, height: Int = 48, seed: Int = 0) -> [UInt8] {
        try! ImageEncoder().png(pattern(width: width, height: height, seed: seed))
    }

    /// A text file, whatever its name says.
    public static let text: [UInt8] = Array("These are notes, not a picture.\n".utf8)

    /// A JPEG start followed by garbage.
    public static let corruptJPEG: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 0x42, count: 600)

    /// A real PNG whose IHDR is rewritten to claim `width` × `height` pixels (a "PNG bomb" header).
    public static func pngClaiming(width: Int, height: Int) -> [UInt8] {
        var bytes = png(width: 8, height: 8)
        func put(_ value: Int, at offset: Int) {
            bytes[offset] = UInt8(value >> 24 & 0xFF)
            bytes[offset + 1] = UInt8(value >> 16 & 0xFF)
            bytes[offset + 2] = UInt8(value >> 8 & 0xFF)
            bytes[offset + 3] = UInt8(value & 0xFF)
        }
        put(width, at: 16)
        put(height, at: 20)
        return bytes
    }

    /// A valid JPEG padded with comment segments to exactly `size` bytes (at least 4 more than its pixels need).
    public static func jpeg(exactly size: Int) -> [UInt8] {
        let base = jpeg(width: 32, height: 32)
        var need = size - base.count
        precondition(need >= 4, "size too small for the padded fixture")
        var out = Array(base.prefix(2))  // SOI
        while need > 0 {
            var payload = min(need - 4, 65_533)
            let left = need - 4 - payload
            if left > 0 && left < 4 { payload -= 4 }
            out += [0xFF, 0xFE, UInt8((payload + 2) >> 8), UInt8((payload + 2) & 0xFF)]
            out += [UInt8](repeating: 0x20, count: payload)
            need -= payload + 4
        }
        out += base.dropFirst(2)
        return out
    }
}

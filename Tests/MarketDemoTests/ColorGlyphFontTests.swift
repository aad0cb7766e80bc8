import Foundation
import ImageCodec
import MarketDemo
import Testing

@Suite("Colour glyph font (CBDT/CBLC) and the cubic scaler")
struct ColorGlyphFontTests {
    static let noto = URL(fileURLWithPath: "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf")

    @Test("the real Noto Color Emoji: a known code point gives a 136×128 colour picture with opaque pixels")
    func realFont() throws {
        let font = try ColorGlyphFont(contentsOf: Self.noto)
        #expect(font.pixelsPerEm == 109)
        let teapot = try #require(try font.picture(for: "\u{1FAD6}"))
        #expect(teapot.width == 136 && teapot.height == 128)
        #expect(teapot.opaquePixelCount > 5_000, "a drawing, not an empty box")
        #expect(teapot.opaquePixelCount < teapot.width * teapot.height, "transparent around the drawing")
        var colours = Set<Int>()
        let pixels = teapot.pixels
        for i in stride(from: 0, to: pixels.count, by: 4) where pixels[i + 3] == 255 {
            let red = Int(pixels[i]) << 16
            let green = Int(pixels[i + 1]) << 8
            colours.insert(red | green | Int(pixels[i + 2]))
        }
        #expect(colours.count > 10, "in colour (flat-shaded art has a few dozen)")
        // Another glyph is another picture; a code point the font lacks is nil, not a crash.
        let mug = try #require(try font.picture(for: "\u{2615}"))
        #expect(mug.pixels != teapot.pixels)
        #expect(font.png(for: "A") == nil)
        #expect(font.png(for: "\u{10FFFD}") == nil)
    }

    @Test("a damaged font is an error or nil, never a crash")
    func damaged() throws {
        let bytes = [UInt8](try Data(contentsOf: Self.noto, options: .alwaysMapped))
        #expect(throws: ImageCodecError.self) { try ColorGlyphFont(bytes: Array(bytes.prefix(100))) }
        #expect(throws: ImageCodecError.self) { try ColorGlyphFont(bytes: []) }
        // The tables are there but the bitmap data is cut off: every lookup answers nil.
        let zeroed = Array(bytes.prefix(bytes.count / 3)) + [UInt8](repeating: 0, count: bytes.count - bytes.count / 3)
        if let cut = try? ColorGlyphFont(bytes: zeroed) { #expect(cut.png(for: "\u{1FAD6}") == nil) }
        // Bitmap offsets pointing past the end of a truncated file.
        if let short = try? ColorGlyphFont(bytes: Array(bytes.prefix(bytes.count - 1_000_000))) {
            _ = short.png(for: "\u{1F6B2}")
        }
        var scrambled = bytes
        for i in stride(from: 2000, to: min(scrambled.count, 400_000), by: 7) { scrambled[i] ^= 0x5A }
        if let font = try? ColorGlyphFont(bytes: scrambled) {
            for scalar in ["\u{2615}", "\u{1FAD6}", "\u{1F3A7}"] as [Unicode.Scalar] { _ = try? font.picture(for: scalar) }
        }
    }

    @Test("upscaling is smooth (new in-between values), keeps the size asked for, and transparency does not bleed colour")
    func cubic() {
        // Left half opaque red, right half transparent green.
        var pixels: [UInt8] = []
        for _ in 0..<4 { pixels += [255, 0, 0, 255, 255, 0, 0, 255, 0, 255, 0, 0, 0, 255, 0, 0] }
        let image = RGBAImage(width: 4, height: 4, pixels: pixels)
        let big = CubicScaler().resize(image, width: 32, height: 32)
        #expect(big.width == 32 && big.height == 32)
        let alphas = Set(stride(from: 3, to: big.pixels.count, by: 4).map { big.pixels[$0] })
        #expect(alphas.count > 4, "edges blend, not nearest-neighbour blocks")
        for i in stride(from: 0, to: big.pixels.count, by: 4) where big.pixels[i + 3] > 0 {
            #expect(big.pixels[i + 1] < 8, "no green from the transparent pixels at \(i / 4)")
        }
        let small = CubicScaler().resize(big, width: 3, height: 5)
        #expect(small.width == 3 && small.height == 5)
    }

    @Test("visible bounds and cropping")
    func bounds() {
        var pixels = [UInt8](repeating: 0, count: 10 * 8 * 4)
        for (x, y) in [(2, 3), (6, 5)] { pixels[(y * 10 + x) * 4 + 3] = 255 }
        let image = RGBAImage(width: 10, height: 8, pixels: pixels)
        let bounds = image.visibleBounds
        #expect(bounds?.x == 2 && bounds?.y == 3 && bounds?.width == 5 && bounds?.height == 3)
        let cropped = image.cropped(x: 2, y: 3, width: 5, height: 3)
        #expect(cropped.opaquePixelCount == 2)
        #expect(RGBAImage(width: 2, height: 2, pixels: [UInt8](repeating: 0, count: 16)).visibleBounds == nil)
    }
}

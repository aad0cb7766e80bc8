import ImageCodec

/// Paints the demo catalog's pictures: a two-colour gradient, a few shapes, the product's initials
/// in large letters and the picture's number — deterministic and visibly different per product.
public struct DemoPicturePainter {
    var width = 320
    var height = 240

    /// A painter of placeholders of `width` × `height` pixels.
    public init(width: Int = 320, height: Int = 240) {
        self.width = width
        self.height = height
    }

    /// Picture `index` of `count` of a product: its initials on a backdrop drawn from `seed`.
    public func paint(initials: String, index: Int, of count: Int, seed: UInt64) -> PixelImage {
        var random = SeededRandom(seed: seed)
        let top = Self.vivid(&random)
        let bottom = Self.vivid(&random)
        var image = PixelImage(width: width, height: height, fill: top)
        for y in 0..<height {
            let t = Double(y) / Double(height - 1)
            let row = Self.mix(top, bottom, t)
            for x in 0..<width { image[x, y] = row }
        }
        for _ in 0..<(2 + index) {
            let colour = Self.vivid(&random)
            let cx = Int.random(in: 0..<width, using: &random)
            let cy = Int.random(in: 0..<height, using: &random)
            let size = Int.random(in: 20...90, using: &random)
            if random.chance(0.5) {
                fillCircle(&image, cx: cx, cy: cy, radius: size / 2, colour: colour)
            } else {
                fillRect(&image, x: cx - size / 2, y: cy - size / 3, w: size, h: size * 2 / 3, colour: colour)
            }
        }
        let ink = Self.luma(Self.mix(top, bottom, 0.5)) > 140 ? RGB(20, 20, 28) : RGB(250, 250, 245)
        drawText(&image, String(initials.prefix(2)), scale: 12, centreY: height / 2 - 10, colour: ink)
        drawText(&image, "\(index + 1)/\(count)", scale: 3, centreY: height - 22, colour: ink)
        return image
    }

    private func fillCircle(_ image: inout PixelImage, cx: Int, cy: Int, radius: Int, colour: RGB) {
        for y in max(0, cy - radius)..<min(height, cy + radius + 1) {
            for x in max(0, cx - radius)..<min(width, cx + radius + 1) {
                let dx = x - cx
                let dy = y - cy
                if dx * dx + dy * dy <= radius * radius { image[x, y] = colour }
            }
        }
    }

    private func fillRect(_ image: inout PixelImage, x: Int, y: Int, w: Int, h: Int, colour: RGB) {
        for py in max(0, y)..<min(height, y + h) {
            for px in max(0, x)..<min(width, x + w) { image[px, py] = colour }
        }
    }

    private func drawText(_ image: inout PixelImage, _ text: String, scale: Int, centreY: Int, colour: RGB) {
        let advance = (BitmapFont.width + 1) * scale
        let total = advance * text.count - scale
        var originX = (width - total) / 2
        let originY = centreY - BitmapFont.height * scale / 2
        for character in text {
            if let rows = BitmapFont.rows(of: character) {
                for (row, bits) in rows.enumerated() {
                    for column in 0..<BitmapFont.width where bits & (0x10 >> UInt8(column)) != 0 {
                        fillRect(
                            &image, x: originX + column * scale, y: originY + row * scale, w: scale, h: scale,
                            colour: colour)
                    }
                }
            }
            originX += advance
        }
    }

    static func vivid(_ random: inout SeededRandom) -> RGB {
        RGB(
            UInt8.random(in: 30...250, using: &random), UInt8.random(in: 30...250, using: &random),
            UInt8.random(in: 30...250, using: &random))
    }

    static func mix(_ a: RGB, _ b: RGB, _ t: Double) -> RGB {
        func channel(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8(Double(x) * (1 - t) + Double(y) * t) }
        return RGB(channel(a.r, b.r), channel(a.g, b.g), channel(a.b, b.b))
    }

    static func luma(_ c: RGB) -> Double {
        0.299 * Double(c.r) + 0.587 * Double(c.g) + 0.114 * Double(c.b)
    }
}

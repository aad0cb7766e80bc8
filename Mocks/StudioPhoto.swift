import Foundation
import ImageCodec
import MarketDemo

/// A picture like the demo catalog's shop photos, for measuring picture encoders on what the browser
/// really shows: a 640 × 480 studio shot (wall and table gradients, a vignette, soft shadows, colour
/// emoji drawings of a teapot, headphones and a yo-yo) saved as a JPEG at quality 85 as the server
/// saves it, decoded, and scaled to the size asked for as a painter would.
///
/// The drawings come from Noto Color Emoji when the font is installed (`make deps` installs it);
/// without it the objects are shaded discs, and `usedEmoji` says which it was.
public struct StudioPhoto: Sendable {
    /// Where Debian installs the colour emoji font.
    public static let fontFile = URL(fileURLWithPath: "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf")

    /// The full-size 640 × 480 picture, after its JPEG round trip.
    public let original: PixelImage
    /// Whether the objects are emoji drawings (otherwise shaded discs).
    public let usedEmoji: Bool

    /// Composes the shot (about 50 ms with the font).
    public init(fontFile: URL = StudioPhoto.fontFile) {
        let font = try? ColorGlyphFont(contentsOf: fontFile)
        var image = PixelImage(width: 640, height: 480, fill: RGB(0, 0, 0))
        let wallTop = RGB(236, 226, 214)
        let wallBottom = RGB(210, 196, 182)
        let tableFar = RGB(196, 170, 140)
        let tableNear = RGB(150, 118, 88)
        let horizon = 300
        image.paintRows(
            (0..<480).map { y in
                y < horizon
                    ? Self.mix(wallTop, wallBottom, Double(y) / Double(horizon))
                    : Self.mix(tableFar, tableNear, Double(y - horizon) / Double(480 - horizon))
            }, vignette: 0.06)
        let objects: [(scalar: Unicode.Scalar, x: Int, base: Int, height: Int)] = [
            ("\u{1FAD6}", 330, 430, 250), ("\u{1F3A7}", 120, 385, 150), ("\u{1FA80}", 530, 400, 125),
        ]
        var drewEmoji = false
        for object in objects {
            image.darkenEllipse(
                centreX: object.x, centreY: object.base, radiusX: Double(object.height) * 0.45,
                radiusY: Double(object.height) * 0.07, strength: 0.38)
            let art: RGBAImage
            if let font, let glyph = try? font.picture(for: object.scalar), let bounds = glyph.visibleBounds {
                let trimmed = glyph.cropped(x: bounds.x, y: bounds.y, width: bounds.width, height: bounds.height)
                let width = max(1, trimmed.width * object.height / max(1, trimmed.height))
                art = CubicScaler().resize(trimmed, width: width, height: object.height)
                drewEmoji = true
            } else {
                art = Self.disc(diameter: object.height, hue: Double(object.x) / 640)
            }
            image.blend(art, x: object.x - art.width / 2, y: object.base - object.height + object.height / 40)
        }
        // The server keeps a JPEG at quality 85; the client decodes that.
        let saved = try! ImageEncoder().jpeg(image, quality: 85)
        original = try! ImageDecoder().decode(saved)
        usedEmoji = drewEmoji
    }

    /// The picture scaled (area averaging) to `width × height`.
    public func scaled(width: Int, height: Int) -> PixelImage {
        ImageScaler().resize(original, width: width, height: height)
    }

    static func mix(_ a: RGB, _ b: RGB, _ t: Double) -> RGB {
        func channel(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8((Double(x) * (1 - t) + Double(y) * t).rounded()) }
        return RGB(channel(a.r, b.r), channel(a.g, b.g), channel(a.b, b.b))
    }

    /// A shaded ball standing in for a drawing: lit from the top left, transparent outside.
    static func disc(diameter: Int, hue: Double) -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: diameter * diameter * 4)
        let radius = Double(diameter) / 2
        for y in 0..<diameter {
            for x in 0..<diameter {
                let dx = (Double(x) + 0.5 - radius) / radius
                let dy = (Double(y) + 0.5 - radius) / radius
                guard dx * dx + dy * dy < 1 else { continue }
                let light = max(0.15, 1 - 0.6 * ((dx + 0.4) * (dx + 0.4) + (dy + 0.4) * (dy + 0.4)))
                let i = (y * diameter + x) * 4
                pixels[i] = UInt8(max(0, min(255, 255 * light * (0.6 + 0.4 * cos(hue * 6.28)))))
                pixels[i + 1] = UInt8(max(0, min(255, 255 * light * (0.6 + 0.4 * cos(hue * 6.28 - 2.1)))))
                pixels[i + 2] = UInt8(max(0, min(255, 255 * light * (0.6 + 0.4 * cos(hue * 6.28 + 2.1)))))
                pixels[i + 3] = 255
            }
        }
        return RGBAImage(width: diameter, height: diameter, pixels: pixels)
    }
}

import NIOConcurrencyHelpers
import Foundation
import ImageCodec

/// The colour drawings the demo pictures are made of: glyphs of Noto Color Emoji (Debian's
/// `fonts-noto-color-emoji`), decoded once and trimmed to their visible part.
public final class DemoDrawings: Sendable {
    /// Where Debian installs the font.
    public static let defaultFont = URL(fileURLWithPath: "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf")
    /// The package that brings the font, for the line logged when it is missing.
    public static let package = "fonts-noto-color-emoji"

    let fontFile: URL
    private let state = NIOLockedValueBox<State>(State())

    private struct State {
        var font: ColorGlyphFont??
        var drawings: [UInt32: RGBAImage] = [:]
    }

    /// Drawings from the colour font at `fontFile`, read on first use.
    public init(fontFile: URL = DemoDrawings.defaultFont) {
        self.fontFile = fontFile
    }

    /// Whether the font is there (checked without reading it).
    public var isAvailable: Bool { FileManager.default.isReadableFile(atPath: fontFile.path) }

    /// The drawing of `scalar`, trimmed to its visible pixels; `nil` without the font or the glyph.
    public func drawing(of scalar: Unicode.Scalar) -> RGBAImage? {
        if let known = state.withLockedValue({ $0.drawings[scalar.value] }) { return known }
        guard let font = loadedFont(), let picture = try? font.picture(for: scalar),
            let bounds = picture.visibleBounds
        else { return nil }
        let trimmed = picture.cropped(x: bounds.x, y: bounds.y, width: bounds.width, height: bounds.height)
        state.withLockedValue { $0.drawings[scalar.value] = trimmed }
        return trimmed
    }

    private func loadedFont() -> ColorGlyphFont? {
        if let loaded = state.withLockedValue({ $0.font }) { return loaded }
        let font = try? ColorGlyphFont(contentsOf: fontFile)
        state.withLockedValue { $0.font = .some(font) }
        return font
    }
}

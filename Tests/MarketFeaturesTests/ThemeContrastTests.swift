import Foundation
import ImagePipeline
import TerminalUI
import Testing

@testable import MarketFeatures

/// WCAG 2 contrast of every text style of every theme, computed from the xterm 256-colour palette: 4.5:1
/// (AA for text) against the style's own background, or against the background the theme is for (black
/// for dark, white for light). High contrast uses only the terminal's own two colours.
@Suite("Theme contrast")
struct ThemeContrastTests {
    /// The xterm palette's colour for an index (the 16 system colours as xterm draws them by default).
    static func rgb(_ index: UInt8) -> (Double, Double, Double) {
        let c = XtermPalette.rgb(Int(index))
        return (Double(c.r), Double(c.g), Double(c.b))
    }

    /// WCAG relative luminance.
    static func luminance(_ c: (Double, Double, Double)) -> Double {
        func channel(_ v: Double) -> Double {
            let s = v / 255
            return s <= 0.03928 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(c.0) + 0.7152 * channel(c.1) + 0.0722 * channel(c.2)
    }

    static func ratio(_ a: (Double, Double, Double), _ b: (Double, Double, Double)) -> Double {
        let (x, y) = (luminance(a) + 0.05, luminance(b) + 0.05)
        return max(x, y) / min(x, y)
    }

    /// Every text style of a theme, by name (borders are lines, not text).
    static func textStyles(_ theme: Theme) -> [(String, CellStyle)] {
        [
            ("title", theme.title), ("name", theme.name), ("vendor", theme.vendor), ("price", theme.price),
            ("originalPrice", theme.originalPrice), ("discount", theme.discount), ("soldOut", theme.soldOut),
            ("stock", theme.stock), ("banner", theme.banner), ("error", theme.error), ("hint", theme.hint),
            ("hintKey", theme.hintKey), ("muted", theme.muted),
        ]
    }

    @Test("every text style ≥ 4.5:1 against its background, in 256 colours", arguments: [ThemeName.dark, .light])
    func contrast(name: ThemeName) {
        let theme = Theme(mode: .color256, name: name)
        let page: (Double, Double, Double) = name == .light ? (255, 255, 255) : (0, 0, 0)
        for (element, style) in Self.textStyles(theme) {
            guard case .indexed(let foreground) = style.foreground else { continue }  // the terminal's own
            let background: (Double, Double, Double)
            if case .indexed(let index) = style.background { background = Self.rgb(index) } else { background = page }
            let ratio = Self.ratio(Self.rgb(foreground), background)
            #expect(ratio >= 4.5, "\(name) \(element): \(foreground) on its background is \(ratio):1")
            #expect(!style.attributes.contains(.dim), "\(name) \(element): a colour that is also dimmed loses its contrast")
        }
    }

    @Test("high contrast: the terminal's own colours only, nothing dimmed, every mode")
    func highContrast() {
        for mode in ColorMode.allCases {
            let theme = Theme(mode: mode, name: .highContrast)
            for (element, style) in Self.textStyles(theme) + [("border", theme.border), ("selectedBorder", theme.selectedBorder)] {
                #expect(style.foreground == .default && style.background == .default, "\(mode) \(element)")
                #expect(!style.attributes.contains(.dim), "\(mode) \(element)")
            }
        }
    }

    @Test("the ratio itself: black on white is 21:1, a colour on itself 1:1")
    func ratioItself() {
        #expect(abs(Self.ratio((0, 0, 0), (255, 255, 255)) - 21) < 0.01)
        #expect(Self.ratio(Self.rgb(196), Self.rgb(196)) == 1)
        #expect(Self.rgb(231) == (255, 255, 255) && Self.rgb(16) == (0, 0, 0) && Self.rgb(244) == (128, 128, 128))
    }
}

import ImagePipeline
public import TerminalUI

/// A colour a user theme names: the terminal's own, an xterm index, or 24-bit — shown as near as the colour
/// mode allows (the nearest of 256 for text in 256 and true colour, of 16 or 8 in those modes, none without
/// colour), the way pictures degrade.
public enum ThemeColor: Sendable, Equatable {
    case terminalDefault
    case indexed(UInt8)
    case rgb(UInt8, UInt8, UInt8)

    /// The names a theme may use for the 16 system colours.
    public static let names: [String: UInt8] = [
        "black": 0, "red": 1, "green": 2, "yellow": 3, "blue": 4, "magenta": 5, "cyan": 6, "white": 7,
        "bright-black": 8, "bright-red": 9, "bright-green": 10, "bright-yellow": 11, "bright-blue": 12,
        "bright-magenta": 13, "bright-cyan": 14, "bright-white": 15,
    ]

    /// Reads `#rrggbb`, an index 0–255, `default`, or a colour's name; nil for anything else.
    public init?(_ text: String) {
        let word = text.lowercased()
        if word == "default" {
            self = .terminalDefault
        } else if let index = UInt8(word) {
            self = .indexed(index)
        } else if let index = Self.names[word] {
            self = .indexed(index)
        } else if word.hasPrefix("#"), word.count == 7, let value = UInt32(word.dropFirst(), radix: 16) {
            self = .rgb(UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
        } else {
            return nil
        }
    }

    /// The terminal colour for `mode`; nil where the mode has no colour.
    public func resolved(for mode: ColorMode) -> TerminalColor? {
        let count: Int
        switch mode {
        case .monochrome: return nil
        case .truecolor, .color256: count = 256
        case .color16: count = 16
        case .color8: count = 8
        }
        switch self {
        case .terminalDefault:
            return .default
        case .indexed(let index) where Int(index) < count:
            return .indexed(index)
        case .indexed(let index):
            let c = XtermPalette.rgb(Int(index))
            return .indexed(XtermPalette.nearestANSI(r: Int(c.r), g: Int(c.g), b: Int(c.b), count: count))
        case .rgb(let r, let g, let b):
            return .indexed(
                count == 256
                    ? XtermPalette.nearest256(r: Int(r), g: Int(g), b: Int(b))
                    : XtermPalette.nearestANSI(r: Int(r), g: Int(g), b: Int(b), count: count))
        }
    }
}

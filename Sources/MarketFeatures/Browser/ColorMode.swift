public import Localization
public import ImagePipeline

/// How much colour the screen uses; `c` cycles through them while running.
public enum ColorMode: String, Sendable, Equatable, CaseIterable {
    /// 24-bit colour for pictures (text keeps the 256-colour theme).
    case truecolor
    case color256
    case color16
    case color8
    case monochrome

    /// The mode a user names (`--colors`): true (or truecolor, 24bit), 256, 16, 8 or none.
    public init?(name: String) {
        switch name.lowercased() {
        case "true", "truecolor", "24bit", "direct": self = .truecolor
        case "256": self = .color256
        case "16": self = .color16
        case "8": self = .color8
        case "none", "no", "0", "mono", "monochrome": self = .monochrome
        default: return nil
        }
    }

    /// The next mode in the `c` cycle, skipping modes the terminal cannot show. True colour is in the
    /// cycle on every 256-colour terminal: over SSH the terminal may draw it without saying so.
    public func next(maxColors: Int) -> ColorMode {
        let order = ColorMode.allCases.filter { $0.colorsNeeded <= maxColors }
        guard let index = order.firstIndex(of: self) else { return order.first ?? .monochrome }
        return order[(index + 1) % order.count]
    }

    /// Colours the terminal must have for this mode.
    public var colorsNeeded: Int {
        switch self {
        case .truecolor, .color256: 256
        case .color16: 16
        case .color8: 8
        case .monochrome: 0
        }
    }

    /// The best mode for a terminal with `colors` colours, true colour where it is known to draw 24-bit colour.
    public static func best(forColors colors: Int, direct: Bool = false) -> ColorMode {
        if colors >= 256 { return direct ? .truecolor : .color256 }
        if colors >= 16 { return .color16 }
        if colors >= 8 { return .color8 }
        return .monochrome
    }

    /// The palette pictures are rendered with in this mode.
    public var palette: PaletteKind {
        switch self {
        case .truecolor: .truecolor
        case .color256: .xterm256
        case .color16: .ansi16
        case .color8: .ansi8
        case .monochrome: .monochrome
        }
    }

    /// A short name for the status bar, in English (logs).
    public var label: String { Language.english.text(phrase) }

    /// The status bar's name of it.
    public var phrase: Phrase {
        switch self {
        case .truecolor: .colourMode(nil)
        case .color256: .colourMode(256)
        case .color16: .colourMode(16)
        case .color8: .colourMode(8)
        case .monochrome: .colourMode(0)
        }
    }
}

/// A colour as a terminal knows it: its default, an index into its palette, or a 24-bit colour.
public enum TerminalColor: Hashable, Sendable {
    case `default`
    case indexed(UInt8)
    /// A direct colour (SGR 38;2 / 48;2), for terminals that draw 24-bit colour.
    case rgb(UInt8, UInt8, UInt8)

    /// True for a 24-bit colour.
    public var isDirect: Bool {
        if case .rgb = self { return true }
        return false
    }

    /// The colour as one number, different for every colour: 0 for the default, 2⁸ + i for an index,
    /// 2²⁴ + rgb for a direct colour.
    var code: UInt32 {
        switch self {
        case .default: 0
        case .indexed(let i): 0x100 | UInt32(i)
        case .rgb(let r, let g, let b): 0x100_0000 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
        }
    }
}

/// Text attributes a cell can have.
public struct TextAttributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let bold = TextAttributes(rawValue: 1 << 0)
    public static let dim = TextAttributes(rawValue: 1 << 1)
    public static let reverse = TextAttributes(rawValue: 1 << 2)
    public static let underline = TextAttributes(rawValue: 1 << 3)
    public static let italic = TextAttributes(rawValue: 1 << 4)
    /// Concealed (SGR 8): blanks under pictures drawn as graphics, and the curses screen's stand-ins for
    /// direct-colour cells. Never a blank to curses, so it never clears them with an erase command.
    public static let invisible = TextAttributes(rawValue: 1 << 5)
}

/// How a cell is drawn: colours and attributes.
public struct CellStyle: Hashable, Sendable {
    public var foreground: TerminalColor
    public var background: TerminalColor
    public var attributes: TextAttributes

    public init(
        foreground: TerminalColor = .default, background: TerminalColor = .default, attributes: TextAttributes = []
    ) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    public static let plain = CellStyle()

    /// The style as one number, different for every style (a row's fingerprint is made of them).
    var fingerprint: UInt64 {
        UInt64(foreground.code) << 32 | UInt64(background.code) << 6 | UInt64(attributes.rawValue)
    }
}

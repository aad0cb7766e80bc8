/// A colour as a terminal knows it: its default, or an index into its palette.
public enum TerminalColor: Hashable, Sendable {
    case `default`
    case indexed(UInt8)

    /// The colour of an index from a rendered picture (`CellImage.defaultColor` is -1).
    public init(cellIndex: Int16) {
        self = cellIndex < 0 ? .default : .indexed(UInt8(cellIndex))
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
}

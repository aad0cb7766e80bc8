public import TerminalUI

/// The styles of every element of the screen, for one colour mode. Without colour, the selection and
/// warnings still stand out by reverse video and bold.
public struct Theme: Sendable, Equatable {
    public var title: CellStyle
    public var name: CellStyle
    public var vendor: CellStyle
    public var price: CellStyle
    public var originalPrice: CellStyle
    public var discount: CellStyle
    public var soldOut: CellStyle
    public var stock: CellStyle
    public var banner: CellStyle
    public var error: CellStyle
    public var hint: CellStyle
    public var hintKey: CellStyle
    public var border: CellStyle
    public var selectedBorder: CellStyle
    public var muted: CellStyle
    public var plain = CellStyle.plain
    /// ASCII instead of box drawing and block glyphs.
    public var ascii: Bool
    /// Which theme this is.
    public var themeName: ThemeName

    public init(mode: ColorMode, ascii: Bool = false, name themeName: ThemeName = .dark) {
        self.ascii = ascii
        self.themeName = themeName
        func c(_ i: UInt8) -> TerminalColor { .indexed(i) }
        let bold = CellStyle(attributes: .bold)
        let dim = CellStyle(attributes: .dim)
        switch (mode, themeName) {
        case (.truecolor, .light), (.color256, .light):
            // Dark inks for a light background: every text colour ≥ 4.5:1 against white (ThemeContrastTests).
            title = CellStyle(foreground: c(231), background: c(24), attributes: .bold)
            name = bold
            vendor = CellStyle(foreground: c(240))
            price = CellStyle(foreground: c(28), attributes: .bold)
            originalPrice = CellStyle(foreground: c(242))
            discount = CellStyle(foreground: c(130))
            soldOut = CellStyle(foreground: c(231), background: c(160), attributes: .bold)
            stock = CellStyle(foreground: c(240))
            banner = CellStyle(foreground: c(16), background: c(221), attributes: .bold)
            error = CellStyle(foreground: c(231), background: c(124), attributes: .bold)
            hint = CellStyle(foreground: c(240))
            hintKey = CellStyle(foreground: c(25), attributes: .bold)
            border = CellStyle(foreground: c(248))
            selectedBorder = CellStyle(foreground: c(24), attributes: .bold)
            muted = CellStyle(foreground: c(242))
        case (_, .highContrast):
            // The terminal's own two colours only — the contrast its user chose, on a dark background or a
            // light one — told apart by bold, underline and reverse video; nothing dimmed, no grey.
            title = CellStyle(attributes: [.bold, .reverse])
            name = bold
            vendor = .plain
            price = CellStyle(attributes: [.bold, .underline])
            originalPrice = .plain
            discount = bold
            soldOut = CellStyle(attributes: [.reverse, .bold])
            stock = .plain
            banner = CellStyle(attributes: [.reverse, .bold])
            error = CellStyle(attributes: [.reverse, .bold, .underline])
            hint = .plain
            hintKey = CellStyle(attributes: [.bold, .underline])
            border = .plain
            selectedBorder = CellStyle(attributes: [.bold, .reverse])
            muted = .plain
        case (.truecolor, .dark), (.color256, .dark):
            title = CellStyle(foreground: c(231), background: c(24), attributes: .bold)
            name = bold
            vendor = CellStyle(foreground: c(245))
            price = CellStyle(foreground: c(114), attributes: .bold)
            originalPrice = CellStyle(foreground: c(243))  // 4.7:1 on black; dimmed it fell below 4.5
            discount = CellStyle(foreground: c(209))
            soldOut = CellStyle(foreground: c(231), background: c(160), attributes: .bold)
            stock = CellStyle(foreground: c(245))
            banner = CellStyle(foreground: c(16), background: c(221), attributes: .bold)
            error = CellStyle(foreground: c(231), background: c(124), attributes: .bold)
            hint = CellStyle(foreground: c(245))
            hintKey = CellStyle(foreground: c(153), attributes: .bold)
            border = CellStyle(foreground: c(240))
            selectedBorder = CellStyle(foreground: c(81), attributes: .bold)
            muted = CellStyle(foreground: c(243))
        case (.color16, .light), (.color8, .light):
            // The basic colours that read on white: no yellow, no cyan for text.
            title = CellStyle(foreground: c(7), background: c(4), attributes: .bold)
            name = bold
            vendor = .plain
            price = CellStyle(foreground: c(2), attributes: .bold)
            originalPrice = .plain
            discount = CellStyle(foreground: c(1))
            soldOut = CellStyle(foreground: c(7), background: c(1), attributes: .bold)
            stock = .plain
            banner = CellStyle(foreground: c(0), background: c(3), attributes: .bold)
            error = CellStyle(foreground: c(7), background: c(1), attributes: .bold)
            hint = .plain
            hintKey = bold
            border = .plain
            selectedBorder = CellStyle(foreground: c(4), attributes: .bold)
            muted = .plain
        case (.color16, _), (.color8, _):
            title = CellStyle(foreground: c(7), background: c(4), attributes: .bold)
            name = bold
            vendor = dim
            price = CellStyle(foreground: c(2), attributes: .bold)
            originalPrice = dim
            discount = CellStyle(foreground: c(3))
            soldOut = CellStyle(foreground: c(7), background: c(1), attributes: .bold)
            stock = dim
            banner = CellStyle(foreground: c(0), background: c(3), attributes: .bold)
            error = CellStyle(foreground: c(7), background: c(1), attributes: .bold)
            hint = dim
            hintKey = bold
            border = dim
            selectedBorder = CellStyle(foreground: c(6), attributes: .bold)
            muted = dim
        case (.monochrome, _):
            title = CellStyle(attributes: [.reverse, .bold])
            name = bold
            vendor = dim
            price = bold
            originalPrice = dim
            discount = .plain
            soldOut = CellStyle(attributes: [.reverse, .bold])
            stock = dim
            banner = CellStyle(attributes: [.reverse, .bold])
            error = CellStyle(attributes: [.reverse, .bold])
            hint = dim
            hintKey = bold
            border = dim
            selectedBorder = bold
            muted = dim
        }
    }

    /// The caret in front of the selected item.
    public var caret: String { ascii ? ">" : "▶" }
    /// The mark of a product on the wish list.
    public var heart: String { ascii ? "<3" : "♥" }
    /// A marked product's mark (the bulk changes act on the marked).
    public var mark: String { ascii ? "*" : "✓" }
    /// Spinner frames.
    public var spinnerFrames: [String] { ascii ? ["|", "/", "-", "\\"] : ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"] }

    /// The spinner's frame for a tick count (any count: the frames repeat).
    public func spinner(at tick: Int) -> String {
        let frames = spinnerFrames
        return frames[((tick % frames.count) + frames.count) % frames.count]
    }
}

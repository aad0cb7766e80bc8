import TerminalUI

/// An element of the screen a theme styles, by the name the settings file's `themes:` uses.
public enum ThemeElement: String, Sendable, CaseIterable {
    case title
    case name
    case vendor
    case price
    case originalPrice = "original-price"
    case discount
    case soldOut = "sold-out"
    case stock
    case banner
    case error
    case hint
    case hintKey = "hint-key"
    case border
    case selectedBorder = "selected-border"
    case muted

    /// Where the element's style is in a `Theme`.
    var keyPath: WritableKeyPath<Theme, CellStyle> {
        switch self {
        case .title: \.title
        case .name: \.name
        case .vendor: \.vendor
        case .price: \.price
        case .originalPrice: \.originalPrice
        case .discount: \.discount
        case .soldOut: \.soldOut
        case .stock: \.stock
        case .banner: \.banner
        case .error: \.error
        case .hint: \.hint
        case .hintKey: \.hintKey
        case .border: \.border
        case .selectedBorder: \.selectedBorder
        case .muted: \.muted
        }
    }
}

public import TerminalUI

/// A theme of the user's: a built-in one to start from, and the styles it changes.
public struct CustomTheme: Sendable, Equatable {
    /// What one element's style becomes: only what is given changes.
    public struct Style: Sendable, Equatable {
        public var foreground: ThemeColor?
        public var background: ThemeColor?
        /// Attributes turned on (true) or off (false).
        public var attributes: [String: Bool]

        public init(foreground: ThemeColor? = nil, background: ThemeColor? = nil, attributes: [String: Bool] = [:]) {
            self.foreground = foreground
            self.background = background
            self.attributes = attributes
        }

        /// The attributes a style may set, by name.
        public static let attributeNames: [String: TextAttributes] = [
            "bold": .bold, "dim": .dim, "underline": .underline, "italic": .italic, "reverse": .reverse,
        ]
    }

    /// Its name in the settings file.
    public var name: String
    /// The built-in theme it starts from.
    public var base: ThemeName
    public var styles: [ThemeElement: Style]

    public init(name: String, base: ThemeName = .dark, styles: [ThemeElement: Style] = [:]) {
        self.name = name
        self.base = base
        self.styles = styles
    }
}

extension Theme {
    /// `custom`'s base theme with its styles applied, its colours as near as `mode` allows.
    public init(mode: ColorMode, ascii: Bool = false, custom: CustomTheme) {
        self.init(mode: mode, ascii: ascii, name: custom.base)
        for (element, style) in custom.styles {
            var cell = self[keyPath: element.keyPath]
            if let foreground = style.foreground { cell.foreground = foreground.resolved(for: mode) ?? .default }
            if let background = style.background { cell.background = background.resolved(for: mode) ?? .default }
            for (name, on) in style.attributes {
                guard let attribute = CustomTheme.Style.attributeNames[name] else { continue }
                if on { cell.attributes.insert(attribute) } else { cell.attributes.remove(attribute) }
            }
            self[keyPath: element.keyPath] = cell
        }
    }
}

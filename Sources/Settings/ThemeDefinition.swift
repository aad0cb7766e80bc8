/// A theme of the settings file's `themes:` section as written: the built-in theme it starts from and the
/// style of each element it changes, with their lines. Element, colour and attribute names are checked by
/// the launch resolver (`ThemeSettings` in MarketApp), which reports a mistake at its line.
public struct ThemeDefinition: Sendable, Equatable {
    /// One element's style: its fields (`fg`, `bg`, `bold` …) as written, each with its line.
    public struct Style: Sendable, Equatable {
        public var element: String
        public var line: Int
        public var fields: [String: String]
        public var fieldLines: [String: Int]

        public init(element: String, line: Int, fields: [String: String], fieldLines: [String: Int]) {
            self.element = element
            self.line = line
            self.fields = fields
            self.fieldLines = fieldLines
        }
    }

    public var name: String
    public var line: Int
    /// The built-in theme it starts from, as written, and its line.
    public var base: (value: String, line: Int)?
    public var styles: [Style]

    public init(name: String, line: Int, base: (value: String, line: Int)? = nil, styles: [Style] = []) {
        self.name = name
        self.line = line
        self.base = base
        self.styles = styles
    }

    public static func == (lhs: ThemeDefinition, rhs: ThemeDefinition) -> Bool {
        lhs.name == rhs.name && lhs.line == rhs.line && lhs.base?.value == rhs.base?.value && lhs.base?.line == rhs.base?.line
            && lhs.styles == rhs.styles
    }

    /// The built-in themes' names, which a user theme may not take.
    public static let builtIn = ["auto", "dark", "light", "high-contrast"]
}

/// One line of the settings file's `keys:` section as written: an action's name and the keys given to it.
/// The names are checked against the browser's actions and keys by the launch resolver (`KeymapSettings` in
/// MarketApp), which reports a mistake at `line`.
public struct KeyBinding: Sendable, Equatable {
    /// The action, as written (`move.down`).
    public var action: String
    /// The keys, as written (`j`, `down`, `ctrl-n`).
    public var keys: [String]
    /// The line of the action's name.
    public var line: Int
    /// The line of each key (a list may run over several).
    public var keyLines: [Int]

    public init(action: String, keys: [String], line: Int, keyLines: [Int]? = nil) {
        self.action = action
        self.keys = keys
        self.line = line
        self.keyLines = keyLines ?? Array(repeating: line, count: keys.count)
    }
}

public import MarketFeatures

/// Every setting a browser starts with, resolved, in the order of their table (`config show`'s rows), and
/// what the settings file's sections gave.
public struct ResolvedSettings: Sendable {
    /// One setting's value, where it came from, and the value in the file's words.
    public struct Entry: Sendable {
        public var value: any Sendable
        public var origin: SettingOrigin
        public var text: String
    }

    /// By setting, in the table's order.
    var entries: [(name: String, entry: Entry)] = []
    /// The settings file read, if any.
    public var settingsPath: String?
    /// Which keys do what (from the file's `keys:`, checked by `KeymapSettings`).
    public let keymap: Keymap

    init(settingsPath: String?, keymap: Keymap = .standard) {
        self.settingsPath = settingsPath
        self.keymap = keymap
    }

    /// `setting`'s value and origin. Every setting of the table it was resolved from is there; asking for one
    /// that is not is a programming error.
    public subscript<Value>(setting: Setting<Value>) -> Resolved<Value> {
        guard let entry = entries.first(where: { $0.name == setting.name })?.entry, let value = entry.value as? Value else {
            preconditionFailure("\(setting.name) was not resolved")
        }
        return Resolved(value, from: entry.origin)
    }

    /// The settings as `openmarket config show` prints them: name, value as the file writes it, origin.
    public var rows: [(name: String, value: String, origin: SettingOrigin)] {
        entries.map { ($0.name, $0.entry.text, $0.entry.origin) }
    }
}

/// What a settings file says, checked: each setting's value as written (one the setting takes) with its line,
/// and the named servers. Turning the words into the browser's types, and ranking them below flags and the
/// environment, is the launch layer's work (`SettingLayers` in Launch).
public struct Settings: Sendable, Equatable {
    /// One setting's value and where it was written.
    public struct Entry: Sendable, Equatable {
        /// The value, as written (a number or a flag in its canonical spelling).
        public var value: String
        /// Its line in the file (1-based).
        public var line: Int

        public init(value: String, line: Int) {
            self.value = value
            self.line = line
        }
    }

    /// The file the settings came from; nil when there is none.
    public var path: String?
    /// The settings the file sets.
    public var entries: [String: Entry]
    /// The named servers, by name.
    public var servers: [String: NamedServer]
    /// The `keys:` section, in the file's order.
    public var keys: [KeyBinding] = []
    /// The `themes:` section, by name.
    public var themes: [String: ThemeDefinition] = [:]

    /// No settings (no file, or an empty one at `path`).
    public init(path: String? = nil, entries: [String: Entry] = [:], servers: [String: NamedServer] = [:]) {
        self.path = path
        self.entries = entries
        self.servers = servers
    }

    /// The value the file gives the setting named `name`, if it gives one.
    public subscript(name: String) -> Entry? { entries[name] }
}

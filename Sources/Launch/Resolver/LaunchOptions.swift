/// What the command line said: the settings it set, each with the option that set it (nil where none was
/// given, so that the environment, the file and the defaults can speak), and the identity and product asked for.
public struct LaunchOptions: Sendable {
    /// A setting's words as an option gave them.
    public struct Given: Sendable, Equatable {
        /// The words.
        public var text: String
        /// The option, as written (`--no-color`).
        public var option: String
    }

    /// By setting name.
    public private(set) var given: [String: Given] = [:]
    /// A vendor's identifier for writes (with `secret`).
    public var identifier: String?
    /// A vendor's secret for writes.
    public var secret: String?
    /// A product to open at start.
    public var product: Int?

    public init() {}

    /// `setting` given as `text` by `option` (`--name` when nil); nothing when `text` is nil.
    public mutating func set<Value>(_ setting: Setting<Value>, _ text: String?, option: String? = nil) {
        guard let text else { return }
        given[setting.name] = Given(text: text, option: option ?? "--\(setting.name)")
    }

    /// A flag given as `--name` (true) or `--no-name` (false); nothing when nil.
    public mutating func set(_ setting: Setting<Bool>, flag: Bool?) {
        guard let flag else { return }
        set(setting, String(flag), option: flag ? "--\(setting.name)" : "--no-\(setting.name)")
    }

    /// What was given for `setting`.
    public subscript<Value>(setting: Setting<Value>) -> Given? { given[setting.name] }
}

public import MarketFeatures
public import Settings

/// The one resolver: a setting's value is the first of a command-line option, the environment (its
/// variables in their order), the choice kept at the last exit (when the `remember` setting is on), the
/// settings file, the setting's fallback (the locale, for the language) and its default — each with where it
/// came from. Empty variables say nothing; words a setting passes on (`auto` for the language) ask the next
/// rank. A value an option or a variable gives that the setting does not take is an error naming what it
/// takes; a kept choice that is not readable is passed over (it is never a reason not to start).
public struct SettingLayers: Sendable {
    /// The command line's.
    public var options: LaunchOptions
    /// The environment (a user's, or the one `openmarket ssh` gives each visitor's browser).
    public var environment: [String: String]
    /// The settings file's, with its servers and themes.
    public var context: SettingContext
    /// The choices left at the last exit for this market, and their file.
    public var remembered: (choices: RememberedChoices, path: String)?
    /// The file's keys (`keys:`, over the defaults).
    public var keymap: Keymap

    public init(
        options: LaunchOptions = LaunchOptions(), environment: [String: String] = [:], file: Settings = Settings(),
        themes: [String: CustomTheme] = [:], keymap: Keymap = .standard, remembered: (choices: RememberedChoices, path: String)? = nil
    ) {
        self.options = options
        self.environment = environment
        self.context = SettingContext(file: file, themes: themes)
        self.keymap = keymap
        self.remembered = remembered
    }

    /// `setting`'s value and its origin.
    public func resolve<Value>(_ setting: Setting<Value>) throws(InvalidSettingValue) -> Resolved<Value> {
        func given(_ text: String, by source: String) throws(InvalidSettingValue) -> Value? {
            if setting.passesOn.contains(text.lowercased()) { return nil }
            do throws(SettingRefusal) {
                return try setting.parse(text, context)
            } catch {
                throw InvalidSettingValue(option: source, allowed: error.allowed, value: text)
            }
        }
        if let option = options[setting], let value = try given(option.text, by: option.option) {
            return Resolved(value, from: .flag(option.option))
        }
        for source in setting.environment {
            guard let text = environment[source.key], !text.isEmpty else { continue }
            if let value = try given(source.means ?? text, by: source.key) { return Resolved(value, from: .environment(source.key)) }
        }
        if let kept = setting.remembered, let remembered, let text = kept(remembered.choices), try resolve(.remember).value,
            !setting.passesOn.contains(text.lowercased()), let value = try? setting.parse(text, context)
        {
            return Resolved(value, from: .remembered(path: remembered.path))
        }
        if let entry = context.file[setting.name], let path = context.file.path,
            let value = try given(entry.value, by: "\(path):\(entry.line): \(setting.name)")
        {
            return Resolved(value, from: .file(path: path, line: entry.line))
        }
        if let fallback = setting.fallback?(environment) { return fallback }
        return Resolved(setting.standard, from: .standard)
    }

    /// Every setting of `table`, resolved.
    public func resolveAll(_ table: [any AnySetting] = LaunchSettings.all) throws(InvalidSettingValue) -> ResolvedSettings {
        var resolved = ResolvedSettings(settingsPath: context.file.path, keymap: keymap)
        for setting in table { resolved.entries.append((setting.spec.name, try setting.resolvedEntry(in: self))) }
        return resolved
    }

    /// Every setting of `table`, the market first and once: the choices kept for it (`kept`, given the market
    /// resolved; they are kept per market) join the layers that resolve the rest.
    public func resolveAll(
        _ table: [any AnySetting] = LaunchSettings.all,
        keptFor kept: (MarketChoice) -> (choices: RememberedChoices, path: String)?
    ) throws(InvalidSettingValue) -> ResolvedSettings {
        let market = try resolve(.server)
        var layers = self
        layers.remembered = kept(market.value)
        var resolved = ResolvedSettings(settingsPath: context.file.path, keymap: keymap)
        for setting in table {
            let entry =
                setting.spec.name == Setting.server.spec.name
                ? ResolvedSettings.Entry(value: market.value, origin: market.origin, text: Setting.server.words(market.value))
                : try setting.resolvedEntry(in: layers)
            resolved.entries.append((setting.spec.name, entry))
        }
        return resolved
    }
}

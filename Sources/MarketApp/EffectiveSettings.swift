public import Localization
public import MarketFeatures
public import Settings
public import TerminalUI

/// Every setting a browser starts with, each from the highest of: a command-line option, the environment,
/// the settings file, the default — one resolver for all of them, whose every rank is tested
/// (`EffectiveSettingsTests`). `BrowserLaunch` builds the browser's configuration from it; `openmarket config
/// show` prints it with each value's origin.
public struct EffectiveSettings: Sendable, Equatable {
    public var server: Resolved<MarketChoice>
    public var layout: Resolved<LayoutKind>
    public var pictures: Resolved<PictureModeChoice.Request>
    /// nil: the best the terminal has.
    public var colors: Resolved<ColorMode?>
    public var pollInterval: Resolved<Double>
    public var mouse: Resolved<Bool>
    public var ascii: Resolved<Bool>
    public var theme: Resolved<ThemeChoice>
    /// The interface's language.
    public var language: Resolved<Language>
    /// Whether the choices left at exit are kept for the next start.
    public var remember: Resolved<Bool>
    /// The settings file read, if any.
    public var settingsPath: String?
    /// Which keys do what (from the file's `keys:`, checked by `KeymapSettings`).
    public var keymap: Keymap = .standard

    /// Resolves every setting. Values in the file were checked as it was read; the options' and the
    /// environment's are checked here.
    /// - Parameter remembered: the choices left at the last exit for this market, and the file they are kept in;
    ///   they rank below the options and the environment and above the settings file, unless remembering is off.
    public static func resolve(
        _ options: BrowserLaunch.Options, environment: [String: String], settings: Settings,
        remembered: (choices: RememberedChoices, path: String)? = nil, themes: [String: CustomTheme] = [:]
    ) throws(BrowserLaunch.InvalidValue) -> EffectiveSettings {
        typealias Key = BrowserLaunch.EnvironmentKey
        func file(_ key: SettingKey) -> (String, SettingOrigin)? {
            guard let entry = settings[key], let path = settings.path else { return nil }
            return (entry.value, .file(path: path, line: entry.line))
        }
        let remember = flag(options.remember, "--remember", file: file(.remember), standard: true)
        let kept = remember.value ? remembered : nil
        func left(_ value: (RememberedChoices) -> String?) -> (String, SettingOrigin)? {
            guard let kept, let text = value(kept.choices) else { return nil }
            return (text, .remembered(path: kept.path))
        }
        let picturesText: (String, SettingOrigin)? =
            options.pictures.map { ($0, .flag("--pictures")) } ?? environment[Key.pictures].flatMap { $0.isEmpty ? nil : ($0, .environment(Key.pictures)) }
            ?? left(\.pictures).flatMap { PictureModeChoice.Request($0.0) != nil ? $0 : nil } ?? file(.pictures)
        let pictures = try picturesText.map { text, origin throws(BrowserLaunch.InvalidValue) in
            Resolved(try BrowserLaunch.pictureRequest(text), from: origin)
        } ?? Resolved(.auto, from: .standard)
        return EffectiveSettings(
            server: try server(options, settings: settings),
            layout: layout(options, file: left(\.layout).flatMap { LayoutKind(rawValue: $0.0) != nil ? $0 : nil } ?? file(.layout)),
            pictures: pictures,
            colors: try colors(options, environment: environment, file: left(\.colors).flatMap { ColorMode(name: $0.0) != nil ? $0 : nil } ?? file(.colors)),
            pollInterval: options.pollInterval.map { Resolved($0, from: .flag("--poll-interval")) }
                ?? file(.pollInterval).flatMap { text, origin in Double(text).map { Resolved($0, from: origin) } }
                ?? Resolved(10, from: .standard),
            mouse: flag(options.mouse, "--mouse", file: file(.mouse), standard: true),
            ascii: flag(options.ascii, "--ascii", file: file(.ascii), standard: false),
            theme: try theme(options, environment: environment, file: file(.theme), themes: themes),
            language: try language(options, environment: environment, file: file(.lang)), remember: remember,
            settingsPath: settings.path)
    }

    /// `--server` (a URL, a name under `servers`, or `embedded`), else the file's `server`, else the embedded market.
    public static func server(_ options: BrowserLaunch.Options, settings: Settings) throws(BrowserLaunch.InvalidValue) -> Resolved<MarketChoice> {
        if let asked = options.server {
            if asked == "embedded" { return Resolved(.embedded, from: .flag("--server")) }
            if SettingsFile.isURL(asked) { return Resolved(.url(asked), from: .flag("--server")) }
            if let named = settings.servers[asked] { return Resolved(.named(named), from: .flag("--server")) }
            let names = settings.servers.keys.sorted()
            throw BrowserLaunch.InvalidValue(
                option: "--server",
                allowed: "a URL such as http://127.0.0.1:8080" + (names.isEmpty ? "" : " or the name of a server in \(settings.path ?? "the settings") (\(names.joined(separator: ", ")))"),
                value: asked)
        }
        guard let entry = settings[.server], let path = settings.path else { return Resolved(.embedded, from: .standard) }
        let origin = SettingOrigin.file(path: path, line: entry.line)
        if let named = settings.servers[entry.value] { return Resolved(.named(named), from: origin) }
        return Resolved(entry.value == "embedded" ? .embedded : .url(entry.value), from: origin)
    }

    static func layout(_ options: BrowserLaunch.Options, file: (String, SettingOrigin)?) -> Resolved<LayoutKind> {
        if let layout = options.layout { return Resolved(layout, from: .flag("--layout")) }
        if let (text, origin) = file, let layout = LayoutKind(rawValue: text) { return Resolved(layout, from: origin) }
        return Resolved(.grid, from: .standard)
    }

    /// `--no-color`, then `--colors`, then `NO_COLOR`, then `OPENMARKET_COLORS`, then the file; nil is the best
    /// the terminal has.
    static func colors(
        _ options: BrowserLaunch.Options, environment: [String: String], file: (String, SettingOrigin)?
    ) throws(BrowserLaunch.InvalidValue) -> Resolved<ColorMode?> {
        typealias Key = BrowserLaunch.EnvironmentKey
        if options.noColor { return Resolved(.monochrome, from: .flag("--no-color")) }
        if let asked = options.colors { return Resolved(try BrowserLaunch.colorRequest(asked), from: .flag("--colors")) }
        if !(environment[Key.noColor] ?? "").isEmpty { return Resolved(.monochrome, from: .environment(Key.noColor)) }
        if let asked = environment[Key.colors], !asked.isEmpty {
            return Resolved(try BrowserLaunch.colorRequest(asked), from: .environment(Key.colors))
        }
        if let (text, origin) = file { return Resolved(try BrowserLaunch.colorRequest(text), from: origin) }
        return Resolved(nil, from: .standard)
    }

    /// `--theme`, then `OPENMARKET_THEME`, then the file, then auto.
    static func theme(
        _ options: BrowserLaunch.Options, environment: [String: String], file: (String, SettingOrigin)?,
        themes: [String: CustomTheme]
    ) throws(BrowserLaunch.InvalidValue) -> Resolved<ThemeChoice> {
        typealias Key = BrowserLaunch.EnvironmentKey
        if let asked = options.theme { return Resolved(try BrowserLaunch.themeRequest(asked, themes: themes), from: .flag("--theme")) }
        if let asked = environment[Key.theme], !asked.isEmpty {
            return Resolved(try BrowserLaunch.themeRequest(asked, themes: themes), from: .environment(Key.theme))
        }
        if let (text, origin) = file { return Resolved(try BrowserLaunch.themeRequest(text, themes: themes), from: origin) }
        return Resolved(.auto, from: .standard)
    }

    /// `--lang`, then `OPENMARKET_LANG`, then the file's `lang`, then the locale (`LC_ALL`, `LC_MESSAGES`,
    /// `LANG`), then English. `auto` at any of the first three passes on to the locale. The file ranks above
    /// the locale: a language written in openmarket's own file is a choice for openmarket, a locale is for
    /// every program.
    static func language(
        _ options: BrowserLaunch.Options, environment: [String: String], file: (String, SettingOrigin)?
    ) throws(BrowserLaunch.InvalidValue) -> Resolved<Language> {
        typealias Key = BrowserLaunch.EnvironmentKey
        let asked: [(String, SettingOrigin, option: String)] = [
            options.lang.map { ($0, .flag("--lang"), "--lang") }, environment[Key.lang].map { ($0, .environment(Key.lang), Key.lang) },
            file.map { ($0.0, $0.1, SettingKey.lang.rawValue) },
        ].compactMap { $0 }
        for (text, origin, option) in asked where !text.isEmpty && text.lowercased() != "auto" {
            guard let language = Language(name: text) else {
                throw BrowserLaunch.InvalidValue(option: option, allowed: "auto, en or ko", value: text)
            }
            return Resolved(language, from: origin)
        }
        if let (language, variable) = Language.ofLocale(in: environment) { return Resolved(language ?? .english, from: .environment(variable)) }
        return Resolved(.english, from: .standard)
    }

    static func flag(_ option: Bool?, _ name: String, file: (String, SettingOrigin)?, standard: Bool) -> Resolved<Bool> {
        if let option { return Resolved(option, from: .flag(option ? name : name.replacingOccurrences(of: "--", with: "--no-"))) }
        if let (text, origin) = file { return Resolved(text == "true", from: origin) }
        return Resolved(standard, from: .standard)
    }

    /// The settings as `openmarket config show` prints them: name, value, origin.
    public var rows: [(name: String, value: String, origin: SettingOrigin)] {
        [
            (SettingKey.server.rawValue, server.value.label, server.origin),
            (SettingKey.layout.rawValue, layout.value.rawValue, layout.origin),
            (SettingKey.pictures.rawValue, pictures.value.settingName, pictures.origin),
            (SettingKey.colors.rawValue, colors.value?.settingName ?? "auto", colors.origin),
            (SettingKey.pollInterval.rawValue, SettingKey.format(pollInterval.value), pollInterval.origin),
            (SettingKey.mouse.rawValue, String(mouse.value), mouse.origin),
            (SettingKey.ascii.rawValue, String(ascii.value), ascii.origin),
            (SettingKey.theme.rawValue, theme.value.settingName, theme.origin),
            (SettingKey.lang.rawValue, language.value.rawValue, language.origin),
            (SettingKey.remember.rawValue, String(remember.value), remember.origin),
        ]
    }
}

extension PictureModeChoice.Request {
    /// As the settings file writes it.
    var settingName: String {
        switch self {
        case .auto: "auto"
        case .mode(let mode): mode.rawValue
        }
    }
}

extension ColorMode {
    /// As the settings file writes it.
    var settingName: String {
        switch self {
        case .truecolor: "true"
        case .color256: "256"
        case .color16: "16"
        case .color8: "8"
        case .monochrome: "none"
        }
    }
}

import Localization
public import Foundation
public import MarketFeatures
public import OpenMarketAPI
import Settings
public import TerminalUI

/// What a browser starts with, resolved from its command-line options, its environment (a user's, or the one
/// `openmarket ssh` gives each visitor's browser), the settings file, the terminal's answers and the
/// identities at hand — no I/O, so every rule of precedence is tested here (`BrowserLaunchTests`,
/// `EffectiveSettingsTests`).
public struct BrowserLaunch: Sendable {
    /// The environment keys a browser reads. `openmarket ssh` sets the first four for each visitor; a user may
    /// set any of them.
    public enum EnvironmentKey {
        /// A vendor's identifier for writes (with `secret`).
        public static let identifier = "OPENMARKET_IDENTIFIER"
        /// A vendor's secret for writes.
        public static let secret = "OPENMARKET_SECRET"
        /// The vendor's numeric id, so that the browser knows its own products.
        public static let vendorID = "OPENMARKET_VENDOR_ID"
        /// Why writes are off (a read-only demo); writes are off whenever it is set and not empty.
        public static let readOnly = "OPENMARKET_READ_ONLY"
        /// Pictures: auto, kitty, sixel, iterm, blocks or off (`--pictures` wins).
        public static let pictures = "OPENMARKET_PICTURES"
        /// Colours to start with (`--colors` and `--no-color` win).
        public static let colors = "OPENMARKET_COLORS"
        /// Any non-empty value turns colours off (no-color.org), unless `--colors` asks for some.
        public static let noColor = "NO_COLOR"
        /// The theme: auto, dark, light or high-contrast (`--theme` wins).
        public static let theme = "OPENMARKET_THEME"
        /// The interface's language, as `--lang` takes it (over the file's `lang` and the locale).
        public static let lang = "OPENMARKET_LANG"
        /// Where the wish list is kept: unset, a file per market in the data directory; empty, for the session
        /// only; otherwise the market keeps it under this owner name (`openmarket ssh` sets it per visitor).
        public static let wishListOwner = "OPENMARKET_WISHLIST_OWNER"
        /// The only folder picture files may come from (`openmarket ssh` sets it per vendor key); unset: anywhere.
        public static let pictureFolder = "OPENMARKET_PICTURE_FOLDER"
    }

    /// A value that is not one of those an option takes.
    public struct InvalidValue: Error, Equatable, Sendable {
        /// The option, as the user would write it.
        public var option: String
        /// What it takes.
        public var allowed: String
        /// What it was given, as given (untrusted: make it printable before showing it).
        public var value: String
    }

    /// The options a browser was started with (the command line's, already parsed); nil where none was given,
    /// so that the settings file and the defaults can speak.
    public struct Options: Sendable {
        public var server: String?
        public var identifier: String?
        public var secret: String?
        public var pollInterval: Double?
        public var product: Int?
        public var layout: LayoutKind?
        public var noColor = false
        public var colors: String?
        public var ascii: Bool?
        public var mouse: Bool?
        public var pictures: String?
        public var theme: String?
        public var lang: String?
        public var remember: Bool?

        public init() {}
    }

    /// A vendor's identity as it was found: saved on disk (for one server, or any), or the embedded market's demo vendor.
    public struct KnownIdentity: Sendable, Equatable {
        public var identity: VendorIdentity
        /// The server it was saved for; nil for any.
        public var server: String?
        /// The vendor's numeric id, when known.
        public var vendorID: Int?

        public init(identity: VendorIdentity, server: String? = nil, vendorID: Int? = nil) {
            self.identity = identity
            self.server = server
            self.vendorID = vendorID
        }
    }


    /// The vendor identity writes are made with: the options, then the environment, then the named server's,
    /// then the saved one when it was saved for this very market (with `--server URL`, for that URL; without,
    /// for the embedded market), then the embedded market's demo vendor; nil for none. A secret is only ever
    /// sent to the market it was saved for.
    public static func identity(
        _ options: Options, environment: [String: String], server: MarketChoice, saved: KnownIdentity? = nil, demo: KnownIdentity? = nil
    ) -> KnownIdentity? {
        if let identifier = options.identifier ?? environment[EnvironmentKey.identifier],
            let secret = options.secret ?? environment[EnvironmentKey.secret]
        {
            return KnownIdentity(
                identity: VendorIdentity(identifier: identifier, secret: secret),
                vendorID: environment[EnvironmentKey.vendorID].flatMap(Int.init))
        }
        if case .named(let named) = server, let identifier = named.identifier, let secret = named.secret {
            return KnownIdentity(identity: VendorIdentity(identifier: identifier, secret: secret))
        }
        if let saved, saved.server == server.url { return saved }
        return demo
    }

    /// The pictures a value asks for.
    public static func pictureRequest(_ text: String?) throws(InvalidValue) -> PictureModeChoice.Request {
        guard let text, !text.isEmpty else { return .auto }
        guard let request = PictureModeChoice.Request(text) else {
            throw InvalidValue(option: "--pictures", allowed: "auto, kitty, sixel, iterm, blocks or off", value: text)
        }
        return request
    }

    /// The colour mode a value asks for; nil for auto (the best the terminal has).
    public static func colorRequest(_ text: String?) throws(InvalidValue) -> ColorMode? {
        guard let text, !text.isEmpty, text.lowercased() != "auto" else { return nil }
        guard let mode = ColorMode(name: text) else {
            throw InvalidValue(option: "--colors", allowed: "auto, true, 256, 16, 8 or none", value: text)
        }
        return mode
    }

    /// Whether the terminal is to be asked what it can draw: pictures other than half blocks were asked for,
    /// or the environment does not say whether it has 24-bit colour (over SSH it rarely does).
    public static func asksTerminal(_ settings: EffectiveSettings, environment: [String: String]) -> Bool {
        settings.pictures.value != .mode(.blocks) || !DirectColorChoice.environmentSays(environment) || settings.theme.value == .auto
    }

    /// The theme a value asks for: a built-in one, or one of the settings file's `themes`.
    public static func themeRequest(_ text: String, themes: [String: CustomTheme] = [:]) throws(InvalidValue) -> ThemeChoice {
        if text.lowercased() == "auto" { return .auto }
        if let custom = themes[text] { return .custom(custom) }
        guard let name = ThemeName(rawValue: text.lowercased()) else {
            let own = themes.keys.sorted()
            throw InvalidValue(
                option: "--theme", allowed: "auto, dark, light or high-contrast" + (own.isEmpty ? "" : " or the name of a theme in the settings file (\(own.joined(separator: ", ")))"),
                value: text)
        }
        return .named(name)
    }

    /// The browser's configuration, and the best pictures the terminal offers (for the log: what is drawn
    /// may be less, when the cell's size in pixels is unknown).
    /// - Parameters:
    ///   - baseURL: the market browsed (the embedded one's, or `--server`).
    ///   - saved: the identity saved on disk, if any; used when it was saved for this `--server` or for any.
    ///   - demo: the embedded market's demo vendor, when the market is embedded.
    ///   - settings: every setting resolved (`EffectiveSettings.resolve`), from the same options and environment.
    public static func configuration(
        _ options: Options, environment: [String: String], settings: EffectiveSettings, answers: TerminalAnswers,
        baseURL: URL, saved: KnownIdentity? = nil, demo: KnownIdentity? = nil
    ) -> (configuration: BrowserConfiguration, picturesOffered: PictureMode) {
        let choice = PictureModeChoice.choose(request: settings.pictures.value, answers: answers, environment: environment)
        // Inside tmux, kitty asked for by name goes through tmux's passthrough as Unicode placeholders, which
        // tmux redraws, scrolls and covers as text (the outer terminal is not asked: tmux answers for it).
        // Other modes asked for by name are drawn as asked (a tmux built with sixel draws sixel itself).
        let throughTmux = choice.multiplexed && choice.mode == .kitty
        // Graphics need the cell's size in pixels; without it, half blocks. Placeholders only need a size to
        // scale pictures to (kitty fits them to their cells).
        let cellPixels = answers.cellPixels ?? (throughTmux ? PixelSize(width: 10, height: 20) : nil)
        var configuration = BrowserConfiguration(
            pollInterval: .milliseconds(Int(settings.pollInterval.value * 1000)), colorMode: settings.colors.value,
            ascii: settings.ascii.value,
            serverLabel: baseURL.host.map { "\($0):\(baseURL.port ?? 80)" } ?? baseURL.absoluteString)
        if let known = identity(options, environment: environment, server: settings.server.value, saved: saved, demo: demo) {
            configuration.identity = known.identity
            configuration.writerVendorID = known.vendorID
        }
        configuration.language = settings.language.value
        // Any value turns writes off; the notice is said in the browser's language.
        configuration.readOnlyNotice =
            (environment[EnvironmentKey.readOnly] ?? "").isEmpty ? nil : settings.language.value.text(.readOnlyDemo)
        configuration.openProduct = options.product
        // Set (even empty, or to a folder that is not there): confined to it, and then to nothing.
        if let folder = environment[EnvironmentKey.pictureFolder] { configuration.pictureFolder = PictureFolder(root: folder) }
        configuration.marketURL = baseURL.absoluteString
        configuration.layout = settings.layout.value
        configuration.keymap = settings.keymap
        if case .remembered = settings.colors.origin { configuration.colorModeRemembered = true }
        switch settings.theme.value {
        case .named(let name): configuration.theme = name
        case .custom(let theme):
            configuration.theme = theme.base
            configuration.customTheme = theme
        case .auto: configuration.theme = answers.background.map { $0.isLight ? .light : .dark } ?? .dark
        }
        configuration.pictures = choice.mode.isGraphics && cellPixels == nil ? .blocks : choice.mode
        configuration.directColor = DirectColorChoice.isDirect(environment: environment, answers: answers)
        configuration.clipboard = answers.clipboard
        configuration.cellPixels = cellPixels
        configuration.picturesThroughTmux = throughTmux
        configuration.sixelColors = answers.sixelColorRegisters ?? 256
        return (configuration, choice.mode)
    }
}

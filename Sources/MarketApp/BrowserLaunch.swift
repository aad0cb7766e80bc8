public import Foundation
public import Launch
import Localization
import MarketFeatures
import MarketWords
import OpenMarketAPI
public import TerminalUI

/// What a browser starts with: its configuration made from the settings resolved (`SettingLayers`), the
/// terminal's answers and the identities at hand — no I/O, so every rule is tested here (`BrowserLaunchTests`).
public enum BrowserLaunch {
    /// Whether the terminal is to be asked what it can draw: pictures other than half blocks were asked for,
    /// or the environment does not say whether it has 24-bit colour (over SSH it rarely does).
    public static func asksTerminal(_ settings: ResolvedSettings, environment: [String: String]) -> Bool {
        settings[.pictures].value != .mode(.blocks) || !DirectColorChoice.environmentSays(environment) || settings[.theme].value == .auto
    }

    /// The browser's configuration, and the best pictures the terminal offers (for the log: what is drawn
    /// may be less, when the cell's size in pixels is unknown).
    /// - Parameters:
    ///   - baseURL: the market browsed (the embedded one's, or `--server`).
    ///   - saved: the identity saved on disk, if any; used when it was saved for this `--server` or for any.
    ///   - demo: the embedded market's demo vendor, when the market is embedded.
    ///   - settings: every setting resolved (`SettingLayers.resolveAll`), from the same options and environment.
    public static func configuration(
        _ options: LaunchOptions, environment: [String: String], settings: ResolvedSettings, answers: TerminalAnswers,
        baseURL: URL, saved: KnownIdentity? = nil, demo: KnownIdentity? = nil
    ) -> (configuration: BrowserConfiguration, picturesOffered: PictureMode) {
        let choice = PictureModeChoice.choose(request: settings[.pictures].value, answers: answers, environment: environment)
        // Inside tmux, kitty asked for by name goes through tmux's passthrough as Unicode placeholders, which
        // tmux redraws, scrolls and covers as text (the outer terminal is not asked: tmux answers for it).
        // Other modes asked for by name are drawn as asked (a tmux built with sixel draws sixel itself).
        let throughTmux = choice.multiplexed && choice.mode == .kitty
        // Graphics need the cell's size in pixels; without it, half blocks. Placeholders only need a size to
        // scale pictures to (kitty fits them to their cells).
        let cellPixels = answers.cellPixels ?? (throughTmux ? PixelSize(width: 10, height: 20) : nil)
        var configuration = BrowserConfiguration(
            pollInterval: .milliseconds(Int(settings[.pollInterval].value * 1000)), colorMode: settings[.colors].value,
            ascii: settings[.ascii].value,
            serverLabel: baseURL.host.map { "\($0):\(baseURL.port ?? 80)" } ?? baseURL.absoluteString)
        if let known = KnownIdentity.forWrites(options, environment: environment, server: settings[.server].value, saved: saved, demo: demo) {
            configuration.identity = known.identity
            configuration.writerVendorID = known.vendorID
        }
        configuration.language = settings[.language].value
        configuration.lowStock = settings[.lowStock].value
        // Any value turns writes off; the notice is said in the browser's language.
        configuration.readOnlyNotice =
            (environment[EnvironmentKey.readOnly] ?? "").isEmpty ? nil : settings[.language].value.text(.readOnlyDemo)
        configuration.openProduct = options.product
        // Set (even empty, or to a folder that is not there): confined to it, and then to nothing.
        if let folder = environment[EnvironmentKey.pictureFolder] { configuration.pictureFolder = PictureFolder(root: folder) }
        configuration.marketURL = baseURL.absoluteString
        // Set by `openmarket ssh` on its own market: its changes are read from a local socket.
        if let socket = environment[ChangeEvents.socketEnvironmentKey], !socket.isEmpty { configuration.changeSocket = socket }
        configuration.layout = settings[.layout].value
        configuration.keymap = settings.keymap
        if case .remembered = settings[.colors].origin { configuration.colorModeRemembered = true }
        switch settings[.theme].value {
        case .named(let name): configuration.theme = name
        case .custom(let theme):
            configuration.theme = theme.base
            configuration.customTheme = theme
        case .auto:
            configuration.theme = answers.background.map { $0.isLight ? .light : .dark } ?? .dark
            configuration.themeFollowsTerminal = true
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

import Foundation
import Launch
import MarketApp
import Localization
import MarketFeatures
import OpenMarketAPI
import Settings
import TerminalUI
import Testing

/// The launch resolver: options, environment, the terminal's answers and the identities at hand → the
/// browser's configuration. Every rule of precedence, with no terminal and no files.
@Suite("Launching a browser: options, environment, terminal, identities")
struct BrowserLaunchTests {
    typealias Key = EnvironmentKey
    let market = URL(string: "http://10.0.0.7:8080")!

    func resolve(
        _ configure: (inout LaunchOptions) -> Void = { _ in }, environment: [String: String] = [:],
        answers: TerminalAnswers = TerminalAnswers(), saved: KnownIdentity? = nil,
        demo: KnownIdentity? = nil, settings: Settings = Settings()
    ) throws -> (configuration: BrowserConfiguration, picturesOffered: PictureMode) {
        var options = LaunchOptions()
        configure(&options)
        let effective = try SettingLayers(options: options, environment: environment, file: settings).resolveAll()
        return BrowserLaunch.configuration(
            options, environment: environment, settings: effective, answers: answers, baseURL: market, saved: saved, demo: demo)
    }

    /// Every setting from `options` and `environment`, with no settings file.
    func effective(_ options: LaunchOptions, environment: [String: String]) throws -> ResolvedSettings {
        try SettingLayers(options: options, environment: environment).resolveAll()
    }

    let flagged = VendorIdentity(identifier: "flag-id", secret: "flag-secret")
    let visitor = VendorIdentity(identifier: "env-id", secret: "env-secret")
    let stored = VendorIdentity(identifier: "saved-id", secret: "saved-secret")
    let demoVendor = VendorIdentity(identifier: "demo-id", secret: "demo-secret")

    @Test("the identity: the options, then the environment (with its vendor id), then the one saved for this very server (none for another, and one saved for the embedded market only there), then the demo vendor")
    func identityPrecedence() throws {
        let environment = [Key.identifier: visitor.identifier, Key.secret: visitor.secret, Key.vendorID: "12"]
        let saved = KnownIdentity(identity: stored)
        let demo = KnownIdentity(identity: demoVendor, vendorID: 1)

        let fromOptions = try resolve({
            $0.identifier = flagged.identifier
            $0.secret = flagged.secret
        }, environment: environment, saved: saved, demo: demo).configuration
        #expect(fromOptions.identity == flagged)
        #expect(fromOptions.writerVendorID == 12, "the vendor id comes from the environment")

        let fromEnvironment = try resolve(environment: environment, saved: saved, demo: demo).configuration
        #expect(fromEnvironment.identity == visitor && fromEnvironment.writerVendorID == 12)

        let halfEnvironment = try resolve(environment: [Key.identifier: "only-id"], saved: saved, demo: demo).configuration
        #expect(halfEnvironment.identity == stored, "an identifier without its secret is not an identity")

        let fromSaved = try resolve(saved: saved, demo: demo).configuration
        #expect(fromSaved.identity == stored && fromSaved.writerVendorID == nil)

        let savedForThis = KnownIdentity(identity: stored, server: "http://10.0.0.7:8080")
        #expect(try resolve({ $0.set(.server, "http://10.0.0.7:8080") }, saved: savedForThis).configuration.identity == stored)
        let savedForOther = KnownIdentity(identity: stored, server: "http://elsewhere:8080")
        let other = try resolve({ $0.set(.server, "http://10.0.0.7:8080") }, saved: savedForOther, demo: demo).configuration
        #expect(other.identity == demoVendor && other.writerVendorID == 1, "a saved identity of another server is not used")
        let savedForEmbedded = try resolve({ $0.set(.server, "http://10.0.0.7:8080") }, saved: saved, demo: demo).configuration
        #expect(savedForEmbedded.identity == demoVendor, "an identity saved for the embedded market is not sent to another")

        let none = try resolve().configuration
        #expect(none.identity == nil && none.writerVendorID == nil)
    }

    @Test("colours: --no-color, then --colors, then NO_COLOR, then OPENMARKET_COLORS; nothing asked is the best the terminal has")
    func colourPrecedence() throws {
        #expect(try resolve({ $0.set(.colors, "none", option: "--no-color") }).configuration.colorMode == .monochrome)
        #expect(try resolve({ $0.set(.colors, "16") }, environment: [Key.noColor: "1", Key.colors: "8"]).configuration.colorMode == ColorMode(name: "16"))
        #expect(try resolve(environment: [Key.noColor: "1", Key.colors: "8"]).configuration.colorMode == .monochrome)
        #expect(try resolve(environment: [Key.noColor: "", Key.colors: "8"]).configuration.colorMode == ColorMode(name: "8"), "an empty NO_COLOR says nothing")
        #expect(try resolve({ $0.set(.colors, "auto") }).configuration.colorMode == nil)
        #expect(try resolve().configuration.colorMode == nil)
    }

    @Test("a value an option does not take names the option, what it takes and what it was given", arguments: [
        ("--colors", "true-ish"), ("--pictures", "holograms"),
    ])
    func invalidValues(option: String, value: String) throws {
        var options = LaunchOptions()
        if option == "--colors" { options.set(.colors, value) } else { options.set(.pictures, value) }
        let error = #expect(throws: InvalidSettingValue.self) { try SettingLayers(options: options).resolveAll() }
        #expect(error?.option == option && error?.value == value)
        #expect(error?.allowed.contains("auto") == true)
        // From the environment too, where the options say nothing.
        let key = option == "--colors" ? Key.colors : Key.pictures
        let variable = #expect(throws: InvalidSettingValue.self) { try SettingLayers(environment: [key: value]).resolveAll() }
        #expect(variable?.option == key && variable?.value == value, "the variable is named")
    }

    @Test("pictures: --pictures wins over OPENMARKET_PICTURES; graphics need the cell's size in pixels, else half blocks")
    func pictures() throws {
        var sixelTerminal = TerminalAnswers()
        sixelTerminal.primaryAttributes = [62, 4]
        sixelTerminal.cellSize = PixelSize(width: 8, height: 16)
        sixelTerminal.sixelColorRegisters = 1024
        var sizeUnknown = sixelTerminal
        sizeUnknown.cellSize = nil
        let drawn = try resolve({ $0.set(.pictures, "sixel") }, environment: [Key.pictures: "off"], answers: sixelTerminal)
        #expect(drawn.configuration.pictures == .sixel && drawn.picturesOffered == .sixel)
        #expect(drawn.configuration.cellPixels == PixelSize(width: 8, height: 16))
        #expect(drawn.configuration.sixelColors == 1024)
        #expect(try resolve(environment: [Key.pictures: "off"], answers: sixelTerminal).configuration.pictures == .off)
        let noSize = try resolve({ $0.set(.pictures, "sixel") }, answers: sizeUnknown)
        #expect(noSize.configuration.pictures == .blocks && noSize.picturesOffered == .sixel)
        #expect(try resolve().configuration.sixelColors == 256)
    }

    @Test("the terminal is asked unless half blocks and a theme were asked for and the environment tells whether it has 24-bit colour")
    func asksTerminal() throws {
        var blocks = LaunchOptions()
        blocks.set(.pictures, "blocks")
        blocks.set(.theme, "dark")
        var none = LaunchOptions()
        none.set(.theme, "dark")
        var auto = LaunchOptions()
        auto.set(.pictures, "blocks")
        #expect(BrowserLaunch.asksTerminal(try effective(auto, environment: [:]), environment: ["COLORTERM": "truecolor"]), "auto asks the background")
        #expect(BrowserLaunch.asksTerminal(try effective(none, environment: ["COLORTERM": "truecolor"]), environment: ["COLORTERM": "truecolor"]))
        #expect(BrowserLaunch.asksTerminal(try effective(blocks, environment: [:]), environment: [:]))
        #expect(!BrowserLaunch.asksTerminal(try effective(blocks, environment: [:]), environment: ["COLORTERM": "truecolor"]))
        let environment = [Key.pictures: "blocks", "COLORTERM": "truecolor"]
        #expect(!BrowserLaunch.asksTerminal(try effective(none, environment: environment), environment: environment))
    }

    @Test("the rest: a read-only notice (in the browser's language) when set and not empty, the poll interval, layout, product, ASCII and the server's label")
    func theRest() throws {
        let resolved = try resolve({
            $0.set(.pollInterval, "2.5")
            $0.set(.layout, "list")
            $0.product = 42
            $0.set(.ascii, flag: true)
        }, environment: [Key.readOnly: "1"]).configuration
        #expect(resolved.readOnlyNotice == "This demo is read-only: register, edit and delete are off (openmarket ssh --open).")
        #expect(resolved.language == .english)
        let korean = try resolve(environment: [Key.readOnly: "1", "LANG": "ko_KR.UTF-8"]).configuration
        #expect(korean.language == .korean && korean.readOnlyNotice == "읽기 전용 데모입니다: 등록, 수정, 삭제는 꺼져 있습니다 (openmarket ssh --open).")
        #expect(resolved.pollInterval == .milliseconds(2500))
        #expect(resolved.layout == .list && resolved.openProduct == 42 && resolved.ascii)
        #expect(resolved.serverLabel == "10.0.0.7:8080")
        #expect(try resolve(environment: [Key.readOnly: ""]).configuration.readOnlyNotice == nil)
    }

    @Test("a theme of the file's: the configuration draws it over its base")
    func customTheme() throws {
        let file = try LaunchFile.parse("theme: mine\nthemes:\n  mine:\n    base: light\n    price: { fg: \"#ff0000\" }\n", path: "/c.yaml")
        let settings = try file.layers().resolveAll()
        let configuration = BrowserLaunch.configuration(
            LaunchOptions(), environment: [:], settings: settings, answers: TerminalAnswers(), baseURL: market).configuration
        #expect(configuration.customTheme == file.themes["mine"] && configuration.customTheme != nil && configuration.theme == .light)
    }
}

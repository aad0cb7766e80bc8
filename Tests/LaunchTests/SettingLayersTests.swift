import Foundation
import Launch
import MarketFeatures
import OpenMarketAPI
import Settings
import TerminalUI
import Testing

/// Options > environment > settings file > defaults, for every setting, each value with its origin.
@Suite("Settings in effect: options, environment, file, defaults")
struct SettingLayersTests {
    typealias Key = EnvironmentKey
    static let path = "/home/u/.config/openmarket/config.yaml"

    /// The settings file every test reads: every setting set, one named server.
    static var file: Settings {
        try! LaunchFile.parse(
            """
            server: course
            layout: list
            pictures: blocks
            colors: 16
            poll-interval: 30
            mouse: false
            ascii: true
            servers:
              course:
                url: http://course.test:8080
                identifier: course-id
                secret: course-secret
            """, path: path).settings
    }

    func resolve(
        _ configure: (inout LaunchOptions) -> Void = { _ in }, environment: [String: String] = [:], file: Settings = Self.file
    ) throws -> ResolvedSettings {
        var options = LaunchOptions()
        configure(&options)
        return try SettingLayers(options: options, environment: environment, file: file).resolveAll()
    }

    func at(_ line: Int) -> SettingOrigin { .file(path: Self.path, line: line) }

    @Test("with nothing said anywhere, every default")
    func defaults() throws {
        let settings = try resolve(file: Settings())
        #expect(settings[.server] == Resolved(.embedded, from: .standard))
        #expect(settings[.layout] == Resolved(.grid, from: .standard))
        #expect(settings[.pictures] == Resolved(.auto, from: .standard))
        #expect(settings[.colors] == Resolved(nil, from: .standard))
        #expect(settings[.pollInterval] == Resolved(10, from: .standard))
        #expect(settings[.mouse] == Resolved(true, from: .standard) && settings[.ascii] == Resolved(false, from: .standard))
    }

    @Test("the file wins over the defaults, each value with its line")
    func file() throws {
        let settings = try resolve()
        let course = Self.file.servers["course"]!
        #expect(settings[.server] == Resolved(.named(course), from: at(1)))
        #expect(settings[.layout] == Resolved(.list, from: at(2)))
        #expect(settings[.pictures] == Resolved(.mode(.blocks), from: at(3)))
        #expect(settings[.colors] == Resolved(.color16, from: at(4)))
        #expect(settings[.pollInterval] == Resolved(30, from: at(5)))
        #expect(settings[.mouse] == Resolved(false, from: at(6)) && settings[.ascii] == Resolved(true, from: at(7)))
        #expect(settings.settingsPath == Self.path)
    }

    @Test("the environment wins over the file")
    func environment() throws {
        let settings = try resolve(environment: [Key.pictures: "off", Key.colors: "256"])
        #expect(settings[.pictures] == Resolved(.mode(.off), from: .environment(Key.pictures)))
        #expect(settings[.colors] == Resolved(.color256, from: .environment(Key.colors)))
        #expect(try resolve(environment: [Key.noColor: "1"])[.colors] == Resolved(.monochrome, from: .environment(Key.noColor)))
        #expect(try resolve(environment: [Key.pictures: "", Key.noColor: ""])[.pictures].origin == at(3), "empty says nothing")
    }

    @Test("options win over the environment and the file")
    func options() throws {
        let settings = try resolve({
            $0.set(.server, "http://other.test:81")
            $0.set(.layout, "grid")
            $0.set(.pictures, "kitty")
            $0.set(.colors, "8")
            $0.set(.pollInterval, "2")
            $0.set(.mouse, flag: true)
            $0.set(.ascii, flag: false)
        }, environment: [Key.pictures: "off", Key.colors: "256"])
        #expect(settings[.server] == Resolved(.url("http://other.test:81"), from: .flag("--server")))
        #expect(settings[.layout] == Resolved(.grid, from: .flag("--layout")))
        #expect(settings[.pictures] == Resolved(.mode(.kitty), from: .flag("--pictures")))
        #expect(settings[.colors] == Resolved(.color8, from: .flag("--colors")))
        #expect(settings[.pollInterval] == Resolved(2, from: .flag("--poll-interval")))
        #expect(settings[.mouse] == Resolved(true, from: .flag("--mouse")))
        #expect(settings[.ascii] == Resolved(false, from: .flag("--no-ascii")))
        #expect(try resolve({ $0.set(.colors, "none", option: "--no-color") })[.colors] == Resolved(.monochrome, from: .flag("--no-color")))
    }

    @Test("--server takes a URL, a name from the file or `embedded`; anything else names the servers there are")
    func server() throws {
        #expect(try resolve({ $0.set(.server, "course") }, file: Self.file)[.server].value == .named(Self.file.servers["course"]!))
        #expect(try resolve({ $0.set(.server, "embedded") })[.server] == Resolved(.embedded, from: .flag("--server")))
        let error = #expect(throws: InvalidSettingValue.self) { try resolve({ $0.set(.server, "cours") }) }
        #expect(error?.allowed == "a URL such as http://127.0.0.1:8080 or the name of a server in \(Self.path) (course)")
        let bare = #expect(throws: InvalidSettingValue.self) { try resolve({ $0.set(.server, "market.test") }, file: Settings()) }
        #expect(bare?.allowed == "a URL such as http://127.0.0.1:8080")
        #expect(
            SettingsFileMistake.of("server: cours\nservers:\n  course:\n    url: http://x.test\n")
                == "c.yaml:1: server: “cours” is neither a URL nor a name under `servers` — did you mean “course”?")
        #expect(SettingsFileMistake.of("server: https://market.test/") == nil && SettingsFileMistake.of("server: embedded") == nil)
    }

    @Test("a named server's identity is used there, below the options and the environment, above a saved one")
    func namedIdentity() throws {
        func identity(_ configure: (inout LaunchOptions) -> Void = { _ in }, environment: [String: String] = [:]) throws -> VendorIdentity? {
            var options = LaunchOptions()
            configure(&options)
            let settings = try SettingLayers(options: options, environment: environment, file: Self.file).resolveAll()
            let saved = KnownIdentity(identity: VendorIdentity(identifier: "saved", secret: "s"))
            return KnownIdentity.forWrites(options, environment: environment, server: settings[.server].value, saved: saved)?.identity
        }
        #expect(try identity() == VendorIdentity(identifier: "course-id", secret: "course-secret"))
        #expect(try identity(environment: [Key.identifier: "e", Key.secret: "es"]) == VendorIdentity(identifier: "e", secret: "es"))
        #expect(try identity({ $0.identifier = "f"; $0.secret = "fs" }) == VendorIdentity(identifier: "f", secret: "fs"))
        #expect(
            try identity({ $0.set(.server, "http://course.test:8080") }) == nil,
            "a URL is not the named server, and an identity saved for the embedded market is not sent to it")
    }

    @Test("config show's rows: every setting, its value as the file writes it, its origin")
    func rows() throws {
        let rows = try resolve(environment: [Key.colors: "true"]).rows
        #expect(rows.map(\.name) == ["server", "layout", "pictures", "colors", "poll-interval", "low-stock", "mouse", "ascii", "theme", "lang", "remember"])
        #expect(rows.map(\.value) == ["course (http://course.test:8080)", "list", "blocks", "true", "30", "2", "false", "true", "auto", "en", "true"])
        #expect(rows[3].origin.description == "environment OPENMARKET_COLORS" && rows[1].origin.description == "\(Self.path):2")
        #expect(try resolve(file: Settings()).rows.allSatisfy { $0.origin == .standard })
    }

    @Test("every word the file takes is one the options take too")
    func sameWords() throws {
        for spec in [Setting.pictures.spec, Setting.colors.spec, Setting.language.spec] {
            guard case .choice(let words) = spec.kind else { Issue.record("\(spec.name) is not a choice"); continue }
            for word in words {
                let file = try LaunchFile.parse("\(spec.name): \(word)", path: Self.path)
                _ = try file.layers().resolveAll()
                var options = LaunchOptions()
                options.set(Setting.pictures, spec.name == "pictures" ? word : nil)
                options.set(Setting.colors, spec.name == "colors" ? word : nil)
                options.set(Setting.language, spec.name == "lang" ? word : nil)
                _ = try SettingLayers(options: options).resolveAll()
            }
        }
        guard case .choice(let layouts) = Setting.layout.spec.kind else { return }
        #expect(layouts.compactMap(LayoutKind.init(rawValue:)).count == layouts.count)
    }
}

/// The one line a settings file's mistake is.
enum SettingsFileMistake {
    static func of(_ text: String) -> String? {
        do {
            _ = try LaunchFile.parse(text, path: "c.yaml")
            return nil
        } catch {
            return error.description
        }
    }
}

@Suite("Remembered choices among the settings")
struct RememberedSettingsTests {
    typealias Key = EnvironmentKey
    let kept = (choices: RememberedChoices(layout: "list", pictures: "off", colors: "16"), path: "/s/choices.json")

    func resolve(
        _ configure: (inout LaunchOptions) -> Void = { _ in }, environment: [String: String] = [:], file: String = "",
        remembered: (choices: RememberedChoices, path: String)?
    ) throws -> ResolvedSettings {
        var options = LaunchOptions()
        configure(&options)
        return try LaunchFile.parse(file, path: "c.yaml").layers(options, environment: environment, remembered: remembered).resolveAll()
    }

    @Test("what was left wins over the file and the defaults, not over options or the environment")
    func ranks() throws {
        let settings = try resolve(file: "layout: grid\npictures: blocks\ncolors: 256", remembered: kept)
        #expect(settings[.layout] == Resolved(.list, from: .remembered(path: "/s/choices.json")))
        #expect(settings[.pictures] == Resolved(.mode(.off), from: .remembered(path: "/s/choices.json")))
        #expect(settings[.colors] == Resolved(.color16, from: .remembered(path: "/s/choices.json")))
        let asked = try resolve({ $0.set(.layout, "grid") }, environment: [Key.pictures: "blocks", Key.colors: "8"], remembered: kept)
        #expect(asked[.layout].origin == .flag("--layout") && asked[.pictures].origin == .environment(Key.pictures))
        #expect(asked[.colors] == Resolved(.color8, from: .environment(Key.colors)))
    }

    @Test("--no-remember or remember: false: nothing kept is used")
    func off() throws {
        let option = try resolve({ $0.set(.remember, flag: false) }, remembered: kept)
        #expect(option[.layout] == Resolved(.grid, from: .standard) && option[.remember] == Resolved(false, from: .flag("--no-remember")))
        let file = try resolve(file: "remember: false\nlayout: list", remembered: kept)
        #expect(file[.pictures] == Resolved(.auto, from: .standard) && file[.layout].origin == .file(path: "c.yaml", line: 2))
    }

    @Test("the market is resolved first and once: the choices kept for that market, by its name, join the rest; another market's are not asked for")
    func keptForTheMarket() throws {
        var asked: [String] = []
        let file = try LaunchFile.parse("servers:\n  shop:\n    url: http://shop.test:8080\nserver: shop\nlayout: grid", path: "c.yaml")
        let settings = try file.layers().resolveAll { market in
            asked.append(market.rememberedKey)
            return market.rememberedKey == "http://shop.test:8080" ? kept : nil
        }
        #expect(asked == ["http://shop.test:8080"])
        #expect(settings[.layout] == Resolved(.list, from: .remembered(path: "/s/choices.json")))
        #expect(settings[.server].origin == .file(path: "c.yaml", line: 4))
        var options = LaunchOptions()
        options.set(.server, "embedded")
        asked = []
        let embedded = try file.layers(options).resolveAll { market in
            asked.append(market.rememberedKey)
            return market.rememberedKey == "http://shop.test:8080" ? kept : nil
        }
        #expect(asked == ["embedded"])
        #expect(embedded[.layout] == Resolved(.grid, from: .file(path: "c.yaml", line: 5)))
        #expect(embedded[.server] == Resolved(.embedded, from: .flag("--server")))
    }

    @Test("a damaged value kept is passed over, never a reason not to start")
    func damaged() throws {
        let odd = (choices: RememberedChoices(layout: "spiral", pictures: "holograms", colors: "lots"), path: "/s/c.json")
        let settings = try resolve(remembered: odd)
        #expect(settings[.layout].origin == .standard && settings[.pictures].origin == .standard && settings[.colors].origin == .standard)
    }
}

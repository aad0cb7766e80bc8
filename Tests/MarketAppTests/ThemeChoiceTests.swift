import Foundation
import Launch
import MarketApp
import MarketFeatures
import Settings
import TerminalUI
import Testing

@Suite("The theme: asked, or following the terminal's background")
struct ThemeSettingTests {
    typealias Key = EnvironmentKey

    func theme(
        _ option: String? = nil, environment: [String: String] = [:], file: String = "", background: BackgroundColor? = nil
    ) throws -> ThemeName {
        var options = LaunchOptions()
        options.set(.theme, option)
        let settings = try LaunchFile.parse(file, path: "c.yaml").layers(options, environment: environment).resolveAll()
        var answers = TerminalAnswers()
        answers.background = background
        return BrowserLaunch.configuration(
            options, environment: environment, settings: settings, answers: answers, baseURL: URL(string: "http://m.test")!
        ).configuration.theme
    }

    let white = BackgroundColor(red: 1, green: 1, blue: 1)
    let black = BackgroundColor(red: 0, green: 0, blue: 0)

    @Test("auto follows the background the terminal answers; no answer is dark")
    func auto() throws {
        #expect(try theme(background: white) == .light)
        #expect(try theme(background: black) == .dark)
        #expect(try theme() == .dark)
        #expect(try theme(background: BackgroundColor(red: 0.99, green: 0.96, blue: 0.89)) == .light, "solarized light")
        #expect(try theme(background: BackgroundColor(red: 0, green: 0.17, blue: 0.21)) == .dark, "solarized dark")
    }

    @Test("--theme, then OPENMARKET_THEME, then the file; a name wins over the background")
    func precedence() throws {
        #expect(try theme("high-contrast", environment: [Key.theme: "light"], file: "theme: dark", background: white) == .highContrast)
        #expect(try theme(environment: [Key.theme: "light"], file: "theme: dark", background: black) == .light)
        #expect(try theme(file: "theme: dark", background: white) == .dark)
        let error = #expect(throws: InvalidSettingValue.self) { try theme("solarized") }
        #expect(error?.allowed == "auto, dark, light or high-contrast")
        #expect(throws: SettingsError.self) { try LaunchFile.parse("theme: solarized", path: "c.yaml") }
    }
}

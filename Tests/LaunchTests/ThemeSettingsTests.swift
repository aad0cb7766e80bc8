import Foundation
import Launch
import MarketFeatures
import Settings
import TerminalUI
import Testing

@Suite("Themes from the settings file")
struct ThemeSettingsTests {
    static let path = "/home/u/.config/openmarket/config.yaml"

    func themes(_ text: String) throws -> [String: CustomTheme] {
        try LaunchFile.parse(text, path: Self.path).themes
    }

    func mistake(_ text: String) -> String? {
        do {
            _ = try themes(text)
            return nil
        } catch {
            return "\(error)"
        }
    }

    static let mine = """
        theme: mine
        themes:
          mine:
            base: light
            price: { fg: "#ff0000", bold: false }
            title:
              bg: 22
              underline: true
        """

    @Test("a theme: its base and the styles it changes")
    func parsed() throws {
        let mine = try #require(try themes(Self.mine)["mine"])
        #expect(mine.base == .light)
        #expect(mine.styles[.price] == CustomTheme.Style(foreground: .rgb(255, 0, 0), attributes: ["bold": false]))
        #expect(mine.styles[.title] == CustomTheme.Style(background: .indexed(22), attributes: ["underline": true]))
    }

    @Test("theme: names it; --theme too")
    func chosen() throws {
        let file = try LaunchFile.parse(Self.mine, path: Self.path)
        let own = try #require(file.themes["mine"])
        #expect(try file.layers().resolve(.theme) == Resolved(.custom(own), from: .file(path: Self.path, line: 1)))
        var options = LaunchOptions()
        options.set(.theme, "dark")
        #expect(try file.layers(options).resolve(.theme) == Resolved(.named(.dark), from: .flag("--theme")))
        options.set(.theme, "mien")
        let error = #expect(throws: InvalidSettingValue.self) { try file.layers(options).resolve(.theme) }
        #expect(error?.allowed == "auto, dark, light or high-contrast or the name of a theme in the settings file (mine)")
    }

    @Test("a mistake in a theme: each at its line, with the nearest name")
    func mistakes() {
        let p = Self.path
        #expect(mistake("themes:\n  mine:\n    prise: { fg: red }\n") == "\(p):3: themes.mine.prise: not an element of the screen — did you mean “price”?")
        #expect(mistake("themes:\n  mine:\n    price:\n      fg: redd\n")?.hasPrefix("\(p):4: themes.mine.price.fg: “redd” is not a colour") == true)
        #expect(mistake("themes:\n  mine:\n    price:\n      fg: redd\n")?.hasSuffix("— did you mean “red”?") == true)
        #expect(mistake("themes:\n  mine:\n    price:\n      bold: yes\n") == "\(p):4: themes.mine.price.bold: “yes” is not; expected true or false")
        #expect(mistake("themes:\n  mine:\n    price:\n      colour: red\n")?.hasPrefix("\(p):4: themes.mine.price.colour: not a part of a style") == true)
        #expect(mistake("themes:\n  mine:\n    base: drak\n") == "\(p):3: themes.mine.base: “drak” is not dark, light or high-contrast — did you mean “dark”?")
        #expect(mistake("themes:\n  dark:\n    price: { fg: red }\n") == "\(p):2: themes.dark: is a built-in theme's name; choose another")
        #expect(mistake("themes:\n  mine:\n    price: red\n") == "\(p):3: themes.mine.price: must be a style such as { fg: \"#00af5f\", bg: default, bold: true }")
        #expect(mistake("theme: mien\nthemes:\n  mine:\n    base: dark\n") == "\(p):1: theme: “mien” is neither auto, dark, light, high-contrast nor a name under `themes` — did you mean “mine”?")
        #expect(mistake("theme: Light") == nil, "built-in names in any case, as before")
    }
}

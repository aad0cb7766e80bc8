import TerminalUI
import Testing

@testable import MarketFeatures

@Suite("A user's theme")
struct CustomThemeTests {
    @Test("colours by #rrggbb, index, name or default; shown as near as each colour mode allows")
    func colors() {
        #expect(ThemeColor("#ff0000") == .rgb(255, 0, 0) && ThemeColor("196") == .indexed(196) && ThemeColor("Bright-Blue") == .indexed(12))
        #expect(ThemeColor("default") == .terminalDefault)
        #expect(ThemeColor("#ff00") == nil && ThemeColor("256") == nil && ThemeColor("reddish") == nil)
        let red = ThemeColor.rgb(255, 0, 0)
        #expect(red.resolved(for: .color256) == .indexed(196) && red.resolved(for: .truecolor) == .indexed(196))
        #expect(red.resolved(for: .color16) == .indexed(9) && red.resolved(for: .color8) == .indexed(1))
        #expect(red.resolved(for: .monochrome) == nil)
        #expect(ThemeColor.indexed(196).resolved(for: .color16) == .indexed(9), "an index beyond the mode's goes to its nearest")
        #expect(ThemeColor.indexed(3).resolved(for: .color8) == .indexed(3))
    }

    @Test("a user theme is its base with only the styles it names changed; without colour, only attributes")
    func applied() {
        let custom = CustomTheme(
            name: "mine", base: .light,
            styles: [
                .price: CustomTheme.Style(foreground: .rgb(255, 0, 0), attributes: ["bold": false, "underline": true]),
                .title: CustomTheme.Style(background: .indexed(22)),
            ])
        let theme = Theme(mode: .color256, custom: custom)
        let light = Theme(mode: .color256, name: .light)
        #expect(theme.price == CellStyle(foreground: .indexed(196), attributes: .underline))
        #expect(theme.title == CellStyle(foreground: light.title.foreground, background: .indexed(22), attributes: light.title.attributes))
        #expect(theme.vendor == light.vendor && theme.hint == light.hint, "the rest is the base's")
        let plain = Theme(mode: .monochrome, custom: custom)
        #expect(plain.price.foreground == .default && plain.price.attributes.contains(.underline) && !plain.price.attributes.contains(.bold))
    }

    @Test("the browser draws in the user's theme")
    func drawn() {
        var state = Samples.loaded(size: ScreenSize(columns: 100, rows: 30))
        state.catalog.layoutKind = .list
        state.customTheme = CustomTheme(name: "mine", styles: [.price: CustomTheme.Style(foreground: .rgb(255, 0, 0))])
        let canvas = render(state).0
        let lines = canvas.trimmedLines()
        let row = lines.firstIndex { $0.contains("₩12,000") }!
        let column = lines[row].distance(from: lines[row].startIndex, to: lines[row].range(of: "₩12,000")!.lowerBound)
        #expect(canvas[column + 1, row].style.foreground == .indexed(196))
    }
}

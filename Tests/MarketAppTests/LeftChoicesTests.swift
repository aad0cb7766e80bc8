import MarketApp
import Settings
import Testing

/// What a browser keeps of the choices it was left with.
@Suite("Choices left at exit")
struct LeftChoicesTests {
    @Test("what is kept: only what the user changed, over what was kept; graphics as auto (the next terminal may have others)")
    func left() {
        let kept = RememberedChoices(layout: "grid", pictures: "off", colors: "16")
        #expect(
            kept.updated(by: .init(layout: .list, pictures: .sixel, colors: .truecolor))
                == RememberedChoices(layout: "list", pictures: "auto", colors: "true"))
        #expect(kept.updated(by: .init(colors: .monochrome)) == RememberedChoices(layout: "grid", pictures: "off", colors: "none"))
        #expect(kept.updated(by: .init()) == kept, "nothing changed, nothing new")
        #expect(RememberedChoices().updated(by: .init(pictures: .blocks)) == RememberedChoices(pictures: "blocks"))
    }
}

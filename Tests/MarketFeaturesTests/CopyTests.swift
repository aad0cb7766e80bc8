import Foundation
import Localization
import OpenMarketAPI
import TerminalUI
import Testing

@testable import MarketFeatures

@Suite("y and Y: a product's link, or a line of it, to the clipboard")
struct CopyTests {
    static func state(_ language: Language = .english) -> BrowserState {
        var state = Samples.loaded()
        state.marketURL = "http://m.test:8080"
        state.language = language
        return state
    }

    @Test("y copies the selected product's link and says so; Y a line with its name, price and link")
    func list() throws {
        var state = Self.state()
        let product = try #require(state.catalog.selectedProduct)
        let link = "http://m.test:8080/api/products/\(product.id)"
        #expect(state.handle(.keyPressed(.character("y"))) == [.copy(link)])
        #expect(state.notice == "Copied the link: \(link)")
        let line = "\(product.name) — \(ProductText.prices(product).pay) — \(link)"
        #expect(state.handle(.keyPressed(.character("Y"))) == [.copy(line)])
        #expect(state.notice == "Copied: \(line)")
    }

    @Test("in the detail, the detail's product; in Korean, the notice is Korean")
    func detail() throws {
        var state = Self.state(.korean)
        #expect(state.handle(.keyPressed(.character("j"))) == [])
        let product = try #require(state.catalog.selectedProduct)
        #expect(state.handle(.keyPressed(.enter)) == [.loadDetail(id: product.id)])
        #expect(state.handle(.keyPressed(.character("y"))) == [.copy("http://m.test:8080/api/products/\(product.id)")])
        #expect(state.notice == "링크를 복사했습니다: http://m.test:8080/api/products/\(product.id)")
    }

    @Test("a name's control characters never reach the clipboard; without the market's address nothing is copied; a remapped key copies")
    func edges() throws {
        var state = Self.state()
        state.catalog.allProducts[0].name = "Mug\u{1B}]52;c;evil\u{07}"
        state.catalog.selectedIndex = 0
        let effects = state.handle(.keyPressed(.character("Y")))
        guard case .copy(let text) = effects.first else { Issue.record("\(effects)"); return }
        #expect(!text.unicodeScalars.contains { $0.properties.generalCategory == .control }, "\(text.debugDescription)")

        var unknown = Self.state()
        unknown.marketURL = ""
        #expect(unknown.handle(.keyPressed(.character("y"))) == [])
        #expect(unknown.notice == nil)

        var remapped = Self.state()
        remapped.keymap = try Keymap(bindings: [.copyLink: [.character("c")], .colorsCycle: [.character("C")]])
        #expect(remapped.handle(.keyPressed(.character("c"))).count == 1)
        #expect(remapped.handle(.keyPressed(.character("y"))) == [], "y is no longer copy.link's")
    }
}

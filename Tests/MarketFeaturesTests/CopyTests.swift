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
        state.clipboard = .takes
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

    @Test("the status line says copied where the terminal takes it, sent where nothing tells, and declined — with the text to copy by hand — where it does not")
    func support() throws {
        var state = Self.state()
        let product = try #require(state.catalog.selectedProduct)
        let link = "http://m.test:8080/api/products/\(product.id)"
        state.clipboard = .unknown
        #expect(state.handle(.keyPressed(.character("y"))) == [.copy(link)])
        #expect(state.notice == "Link sent to the clipboard: \(link)")
        state.clipboard = .declines(terminal: "XTerm")
        #expect(state.handle(.keyPressed(.character("y"))) == [.copy(link)], "sent all the same: it may have been told to take it")
        #expect(state.notice == "XTerm declines copies (OSC 52); the link: \(link)")
        state.language = .korean
        #expect(state.handle(.keyPressed(.character("Y"))).count == 1)
        #expect(state.notice?.hasPrefix("XTerm은(는) 복사(OSC 52)를 받지 않습니다: ") == true)
    }

    @Test("a line over the cap is refused with a line saying so, and nothing is sent")
    func tooLong() throws {
        var state = Self.state()
        state.catalog.allProducts[0].name = String(repeating: "가", count: 1500)
        state.catalog.selectedIndex = 0
        #expect(state.handle(.keyPressed(.character("Y"))) == [])
        let notice = try #require(state.notice)
        #expect(notice.hasPrefix("Too long to copy: ") && notice.hasSuffix("terminals take 4096 at most."), "\(notice)")
        #expect(state.handle(.keyPressed(.character("y"))).count == 1, "its link alone fits")
    }

    @Test("what the terminal answered tells whether it takes OSC 52")
    func answers() {
        #expect(ClipboardSupport.of(attributes: [62, 4, 52], version: "XTerm(379)") == .takes, "52 in Primary Device Attributes")
        #expect(ClipboardSupport.of(attributes: [62, 4], version: "XTerm(379)") == .declines(terminal: "XTerm"))
        #expect(ClipboardSupport.of(attributes: [65, 1], version: "VTE(7600)") == .declines(terminal: "VTE"))
        #expect(ClipboardSupport.of(attributes: [62], version: "kitty(0.26.5)") == .takes)
        #expect(ClipboardSupport.of(attributes: [62], version: "WezTerm 20240203-110809-5046fc22") == .takes)
        #expect(ClipboardSupport.of(attributes: [62], version: "tmux 3.3a") == .unknown, "tmux takes it only with set-clipboard on")
        #expect(ClipboardSupport.of(attributes: nil, version: nil) == .unknown)
        #expect(TerminalAnswers.parse(Array("\u{1B}P>|foot(1.16.2)\u{1B}\\\u{1B}[?62;4c".utf8)).clipboard == .takes)
    }
}

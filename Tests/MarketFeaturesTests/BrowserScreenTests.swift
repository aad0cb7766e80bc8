import Foundation
import ImagePipeline
import OpenMarketAPI
import TerminalUI
import Testing

@testable import MarketFeatures

@Suite("Browser screens on the Canvas")
struct BrowserScreenTests {
    static let small = ScreenSize(columns: 60, rows: 14)

    func listState(_ products: [ProductSummary], size: ScreenSize = small) -> BrowserState {
        var state = BrowserState(size: size, serverLabel: "m.test:80")
        state.catalog.isStarting = false
        state.catalog.allProducts = products  // the only page, loaded
        state.catalog.nextPage = nil
        state.catalog.nextRequestID = 2
        return state
    }

    var products: [ProductSummary] {
        [
            Samples.product(3, name: "Blue Mug", vendor: "alice", price: 12000, discount: 1000),
            Samples.product(2, name: "파란 우산", vendor: "야곰상회", price: 2.36, currency: .usd, stock: 0),
            Samples.product(1, name: "Lamp", vendor: "bob", description: "Warm light.\nSecond line."),
        ]
    }

    @Test("list: names, vendors, prices with the original, stock and Sold out, the end marker")
    func list() {
        expectScreen(listState(products), [
            " openmarket  ·  m.test:80  ·  list               3 products",
            "         Blue Mug                           ₩11,000 ₩12,000",
            "▶    ░   alice                                   5 in stock",
            "         A fine thing.                              −8% off",
            "         파란 우산                                    $2.36",
            "     ░   야곰상회                                  Sold out",
            "         A fine thing.",
            "         Lamp                                       ₩12,000",
            "     ░   bob                                     5 in stock",
            "         Warm light.",
            "",
            "                — end of list · 3 products —",
            " 1 of 3  ·  #3                                  256 colours",
            " ↑↓ move  ⏎ open  v grid  / search  r refresh  c colour",
        ])
    }

    @Test("the selection is visible without colour: a caret and reverse video")
    func selectionWithoutColour() {
        var state = listState(products)
        state.catalog.selectedIndex = 1
        state.colorMode = .monochrome
        let (canvas, _) = render(state)
        #expect(canvas[0, 5].text == "▶")
        #expect(canvas[12, 4].style.attributes.contains(.reverse))
        #expect(!canvas[12, 1].style.attributes.contains(.reverse))
        #expect(canvas[0, 2].text == " ")
        #expect(canvas.cells.allSatisfy { $0.style.foreground == .default && $0.style.background == .default })
    }

    @Test("grid: cards with picture placeholders, name, price and stock")
    func grid() {
        var state = listState(products)
        state.catalog.layoutKind = .grid
        expectScreen(state, [
            " openmarket  ·  m.test:80  ·  grid               3 products",
            "▶───────────────────────────┐ ┌───────────────────────────┐",
            "│                           │ │                           │",
            "│                           │ │                           │",
            "│                           │ │                           │",
            "│             ░             │ │             ░             │",
            "│                           │ │                           │",
            "│                           │ │                           │",
            "│Blue Mug                   │ │파란 우산                  │",
            "│₩11,000 ₩12,000            │ │$2.36                      │",
            "│5 in stock                 │ │Sold out                   │",
            "└───────────────────────────┘ └───────────────────────────┘",
            " 1 of 3  ·  #3                                  256 colours",
            " ↑↓ move  ⏎ open  v list  / search  r refresh  c colour",
        ])
    }

    @Test("pictures that are at hand are drawn; the ones on screen are asked for")
    func pictures() {
        let state = listState(products)
        let (_, wanted) = render(state)
        #expect(wanted.count == 3)
        #expect(wanted.allSatisfy { $0.columns == 6 && $0.rows == 3 && $0.palette == .xterm256 })
        let image = CellImage(
            columns: 6, rows: 2, palette: .xterm256, glyphs: Array(repeating: "▀", count: 12),
            foreground: Array(repeating: 196, count: 12), background: Array(repeating: 21, count: 12))
        let (canvas, _) = render(state, images: [wanted[0]: image])
        #expect(canvas[2, 1].text == "▀" && canvas[2, 1].style.foreground == .indexed(196))
        #expect(canvas[7, 1].style.background == .indexed(21))
        #expect(canvas[2, 4].text != "▀", "the second product's picture is not there yet")
    }

    /// The first product's detail, loaded with three pictures and `description`.
    func loadedDetail(description: String) -> DetailState {
        var detail = DetailState(summary: products[0])
        detail.detail = Samples.detail(3, description: description)
        detail.phase = .loaded
        return detail
    }

    @Test("detail: every field, the description wrapped, the picture counter")
    func detail() {
        var detail = loadedDetail(description: "A sturdy mug for your morning coffee, made in Seoul by hand.")
        var state = listState(products)
        state.presented = [.detail(detail)]
        expectScreen(state, [
            " openmarket  ·  m.test:80  ·  list               3 products",
            "",
            "                      loading picture…",
            "",
            "                          ◀ 1/3 ▶",
            " Product 3",
            "",
            " Price     ₩12,000",
            " Stock     5 in stock",
            " Vendor    demo",
            " Product   #3  ·  KRW",
            " Listed    2023-11-14  ·  updated 2023-11-14         ↓ more",
            "                                                256 colours",
            " ←→ picture  z zoom  ↑↓ scroll  r reload  ? help  q back",
        ])
        detail.scroll = 8  // as eight ↓ leave it
        state.presented = [.detail(detail)]
        let scrolled = render(state).0.trimmedLines()
        #expect(scrolled.contains(" A sturdy mug for your morning coffee, made in Seoul by"), "\(scrolled)")
        #expect(scrolled.contains(" hand."))
        detail.imageIndex = 1
        state.presented = [.detail(detail)]
        let (canvas, wanted) = render(state)
        #expect(canvas.trimmedLines().contains { $0.contains("◀ 2/3 ▶") })
        #expect(wanted.first?.url.absoluteString == "http://m.test/3/2.jpg")
    }

    @Test("pictures off: the detail's and the picture window's boxes say so, not \"loading picture…\", and ask for nothing")
    func picturesOff() {
        var state = listState(products)
        state.presented = [.detail(loadedDetail(description: "A mug."))]
        state.pictureMode = .off
        let (canvas, wanted) = render(state)
        #expect(canvas.trimmedLines()[2] == "                        no pictures")
        #expect(!canvas.trimmedLines().contains { $0.contains("loading") })
        #expect(wanted.isEmpty)
        state.language = .korean
        #expect(render(state).0.trimmedLines()[2] == "                          사진 끔")
        state.language = .english
        state.presented = [.pictureWindow(PictureWindowState(productID: 3, name: "Mug", pictures: [URL(string: "http://m.test/3/1.jpg")!], index: 0))]
        let (window, windowWanted) = render(state)
        #expect(window.trimmedLines().contains { $0.contains("no pictures") })
        #expect(!window.trimmedLines().contains { $0.contains("loading") })
        #expect(windowWanted.isEmpty)
        state.pictureMode = .blocks
        let (loading, loadingWanted) = render(state)
        #expect(loading.trimmedLines().contains { $0.contains("loading picture…") })
        #expect(loadingWanted.map(\.url.absoluteString) == ["http://m.test/3/1.jpg"])
    }

    @Test("help overlay lists the bindings")
    func help() {
        var state = listState(products, size: ScreenSize(columns: 80, rows: 24))
        state.presented = [.help(HelpState())]
        let lines = render(state).0.trimmedLines()
        #expect(lines.contains { $0.contains("Keys") })
        for key in ["PgUp PgDn", "Enter", "v  Tab", "/", ":  Ctrl-P"] {
            #expect(lines.contains { $0.contains(key) }, "\(key)")
        }
        // 80×24 holds 20 of help's 26 rows: the last is six ↓ away.
        #expect(!lines.contains { $0.contains("mouse") } && lines.contains { $0.contains("↑↓ more") })
        state.presented = [.help(HelpState(offset: 5))]
        #expect(!render(state).0.trimmedLines().contains { $0.contains("mouse") })
        state.presented = [.help(HelpState(offset: 6))]
        #expect(render(state).0.trimmedLines().contains { $0.contains("mouse") } && render(state).0.trimmedLines().contains { $0.contains("q  Esc") })
    }

    @Test("error banner with the server's message and the retry key; what was loaded stays")
    func errorBanner() {
        var state = listState(products)
        state.catalog.pageFailure = "The server failed: database is locked (500)."  // a refresh failed
        state.catalog.pageLoad = .failed(CatalogState.PageRequest(id: 2, page: 1, search: nil, replaces: true, keepSelectedID: 3))
        let lines = render(state).0.trimmedLines()
        #expect(lines[1] == " ! The server failed: database is locked (500). — r to retry")
        #expect(lines[2].contains("Blue Mug"))
    }

    @Test("too small below 40×12")
    func tooSmall() {
        let state = listState(products, size: ScreenSize(columns: 39, rows: 12))
        let lines = render(state).0.trimmedLines()
        #expect(lines.contains { $0.contains("Terminal too small") })
        #expect(lines.contains { $0.contains("39×12 — need 40×12") })
        let tiny = listState(products, size: ScreenSize(columns: 10, rows: 5))
        #expect(render(tiny).0.width == 10)
    }

    @Test("control characters and escape sequences from the server are shown, never sent")
    func hostileText() {
        let hostile = Samples.product(
            9, name: "\u{1B}[31mRED\u{1B}[0m\u{07}", vendor: "\u{1B}]0;pwned\u{07}", description: "\u{9B}2J clear")
        let canvas = render(listState([hostile])).0
        let lines = canvas.trimmedLines()
        #expect(lines[1].contains("␛[31mRED␛[0m␇"))
        #expect(lines[2].contains("␛]0;pwned␇"))
        #expect(!canvas.cells.contains { cell in cell.text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) } })
    }

    @Test("1,000-character names are cut to the row; Korean text never splits and columns line up")
    func longAndWide() {
        let long = Samples.product(5, name: String(repeating: "가나다라마바사", count: 143))
        let canvas = render(listState([long, Samples.product(4, name: "Short")])).0
        let lines = canvas.trimmedLines()
        #expect(lines[1].hasSuffix("₩12,000"))
        #expect(lines[1].contains("…"))
        #expect(DisplayWidth.of(lines[1]) <= 60)
        let priceColumn = { (line: String) in DisplayWidth.of(line) - DisplayWidth.of("₩12,000") }
        #expect(priceColumn(lines[1]) == priceColumn(lines[4]), "prices line up whatever the name's script")
    }

    @Test("no products, and a search with no results")
    func empty() {
        let none = listState([])
        #expect(render(none).0.trimmedLines().contains { $0.contains("No products yet.") })
        var searched = listState([])
        searched.catalog.query = "zzz"
        #expect(render(searched).0.trimmedLines().contains { $0.contains("No products match “zzz”. Esc clears") })
    }

    @Test("while a new search's first page is on its way, the title says searching, not the old list's count")
    func searching() {
        var state = listState(products)
        #expect(render(state).0.trimmedLines()[0].hasSuffix("3 products"))
        #expect(state.catalog.apply(search: "mug") == [.loadPage(requestID: 2, page: 1, itemsPerPage: 20, search: "mug")])
        #expect(render(state).0.trimmedLines()[0].hasSuffix("search: mug  searching…"))
        let found = ProductPage(
            pageNumber: 1, itemsPerPage: 20, totalCount: 1, offset: 0, limit: 20, lastPage: 1, hasNext: false, hasPrev: false,
            products: [products[0]])
        #expect(state.handle(.pageLoaded(requestID: 2, .success(found))) == [])
        #expect(render(state).0.trimmedLines()[0].hasSuffix("search: mug  1 product"))
    }

    @Test("p steps through the picture modes the terminal offers, named on the status line; with none offered it does nothing")
    func pictureModes() {
        var plain = BrowserTester(browser: listState(products))
        plain.send(.keyPressed(.character("p")))  // nothing to step to: nothing changes
        #expect(render(plain.state).0.trimmedLines().contains { $0.hasSuffix("256 colours") && !$0.contains("·  256") && !$0.contains("blocks") })
        var sixel = listState(products)
        sixel.pictureModes = [.sixel, .blocks]
        sixel.pictureMode = .sixel
        #expect(render(sixel).0.trimmedLines().contains { $0.hasSuffix("sixel · 256 colours") })
        var stepping = BrowserTester(browser: sixel)
        stepping.send(.keyPressed(.character("p"))) { $0.pictureMode = .blocks }
        #expect(render(stepping.state).0.trimmedLines().contains { $0.hasSuffix("blocks · 256 colours") })
        stepping.send(.keyPressed(.character("p"))) { $0.pictureMode = .sixel }
        sixel = stepping.state
        sixel.colorMode = .monochrome
        #expect(render(sixel).0.trimmedLines().contains { $0.hasSuffix("no colour") && !$0.contains("sixel") })
    }

    @Test("ASCII mode uses no block or box-drawing characters")
    func ascii() {
        var state = listState(products)
        state.catalog.layoutKind = .grid
        let canvas = render(state, ascii: true).0
        let text = canvas.lines().joined()
        #expect(!text.contains("─") && !text.contains("▶") && !text.contains("░"))
        #expect(text.contains("+----"))
        let ambiguous = canvas.cells.filter { cell in
            cell.text.unicodeScalars.contains { ((0x2010...0x209F).contains($0.value) || (0x2100...0x25FF).contains($0.value)) || $0.value == 0xB7 || $0.value == 0xD7 }
        }
        #expect(ambiguous.isEmpty, "ambiguous-width glyphs left: \(Set(ambiguous.map(\.text)))")
    }
}

import Foundation
import Localization
import OpenMarketAPI
import TerminalUI

/// What every widget of the browser draws with: the theme, the spinner's tick, and whether the browser
/// may write (so `e` and `d` are offered).
struct RenderContext: Sendable {
    var theme: Theme
    var spinnerFrame: Int
    var canWrite: Bool
    /// Which keys do what: hints and help show these.
    var keymap: Keymap = .standard
    /// The language every line is written in.
    var language: Language = .english
    /// The market's address, for products' links (empty: none shown).
    var marketURL = ""
    /// The wish list (its view draws it; the list and grid mark its products ♥).
    var wishes = WishesState()
    /// The marked products (the list and the grid mark them ✓).
    var marks = Marks()
    /// The writer's vendor, when known, and the stock at or below which their products are marked low (0: never).
    var writerVendorID: Int?
    var lowStock = 0
    /// Products the market's stream changed lately (their price and stock are marked) and those it deleted
    /// (marked where they stood).
    var fresh: Set<Int> = []
    var gone: Set<Int> = []
    /// How many look at each product, as the market last said (this browser included).
    var looking: [Int: Int] = [:]
    /// What the about box says, when it is open (worked out only then).
    var about: AboutFacts?
    /// The terminal shows its own cursor at `Canvas.cursor`: a text field draws no cursor of its own.
    var terminalCursor = false
    /// Pictures are off (`--pictures off`, or chosen so): a picture's box says so instead of "loading picture…",
    /// and asks for nothing.
    var picturesOff = false

    /// A large picture's box (the detail's, the picture window's): until the picture is drawn over it, a line in its
    /// middle says it is on its way, or, with pictures off, that none will come; the picture is asked for only then.
    func placePicture(_ url: URL, in box: Rect, canvas: inout Canvas, report: inout FrameReport) {
        let text = text(picturesOff ? .pictureMode(.off) : .loadingPicture)
        canvas.put(text, x: box.x + max(0, (box.width - DisplayWidth.of(text)) / 2), y: box.y + box.height / 2, style: theme.muted)
        if !picturesOff { report.place(url, in: box) }
    }

    /// Whether `product` is one of the writer's with little stock left (sold out is not low: it is sold out).
    func isLow(_ product: ProductSummary) -> Bool {
        lowStock > 0 && writerVendorID != nil && product.vendorID == writerVendorID && product.stock > 0 && product.stock <= lowStock
    }

    /// A product's stock as the list and the grid show it, and its style: sold out, low (the writer's own), or
    /// how many.
    func stock(_ product: ProductSummary) -> (text: String, style: CellStyle) {
        if isLow(product) { return (text(.lowStock(product.stock)), theme.discount) }
        return (ProductText.stock(product, in: language), product.stock <= 0 ? theme.soldOut : theme.stock)
    }

    /// The style of a product's price and stock: marked while the stream's change of it is fresh.
    func live(_ style: CellStyle, _ product: ProductSummary) -> CellStyle {
        fresh.contains(product.id) ? theme.banner : style
    }

    /// The spinner's glyph now.
    var spinner: String { theme.spinner(at: spinnerFrame) }

    /// The words of `phrase` in the screen's language.
    func text(_ phrase: Phrase) -> String { language.text(phrase) }

    /// A key and its hint word in the screen's language.
    func hint(_ key: String, _ word: Phrase.Hint) -> KeyHint { KeyHint(key, language.text(.hint(word))) }
}

/// A key and what it does, for the hint line.
struct KeyHint: Sendable, Equatable {
    var key: String
    var action: String

    init(_ key: String, _ action: String) {
        self.key = key
        self.action = action
    }
}

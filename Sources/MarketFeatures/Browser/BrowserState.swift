public import Localization
public import ImagePipeline
public import OpenMarketAPI
public import TerminalUI

/// The browser's whole state: the catalog (products, paging, selection, search, layout), what is
/// presented over it (one stack: detail, form, a question, help, the search line), and what the
/// screen shares — colours, the writer, the status line's notice. A plain value; `handle(_:)` is the
/// only way it changes, and it hands each event to the child feature it is for.
public struct BrowserState: Sendable, Equatable {
    /// Browsing the products as a list or a grid.
    public var catalog: CatalogState
    /// What is shown over the list, bottom to top; the top one gets input first.
    public var presented: [Presentation] = []
    public var colorMode: ColorMode
    /// Plain ASCII for borders, markers and the spinner, for terminals that cannot show the others.
    public var ascii = false
    /// The writer's products with this many or fewer in stock are marked low, and counted when only theirs
    /// are listed (`m`); 0: none is (the `low-stock` setting).
    public var lowStock = 2
    /// The terminal shows its own cursor where a text field's next character goes (the widgets then draw none).
    public var terminalCursor = false
    /// Which keys do what (the settings file's `keys:` over the defaults).
    public var keymap: Keymap = .standard
    /// The language every line of the screen is written in.
    public var language: Language = .english
    /// The theme the screen is drawn in.
    public var themeName: ThemeName = .dark
    /// Whether the theme is `auto`: light or dark as the terminal's colours are, now and when they change.
    public var themeFollowsTerminal = false
    /// A theme of the user's, drawn instead of `themeName` (its base).
    public var customTheme: CustomTheme?
    /// How pictures are drawn now, and the modes `p` steps through (empty: the terminal offers no other).
    public var pictureMode: PictureMode = .blocks
    public var pictureModes: [PictureMode] = []
    public var maxColors: Int
    /// Counts spinner ticks; the theme picks its frame.
    public var spinnerFrame = 0
    /// Where the server is, for the title line.
    public var serverLabel: String
    /// The market's address (`http://127.0.0.1:8080`), for a product's link; empty when not known.
    public var marketURL = ""
    /// Whether the terminal takes what `y` and `Y` copy (the status line says so, or that it declines).
    public var clipboard: ClipboardSupport = .unknown
    /// The vendor that writes (deletes) — nil when the browser has no identity.
    public var writer: WriterIdentity?
    /// Why writes are off, when they are off on purpose (a read-only SSH demo).
    public var readOnlyNotice: String?
    /// A product to open as soon as the browser starts (`ssh … product 42`).
    public var openProductAtStart: Int?
    /// A one-line message in the status bar ("Deleted “Mug”.").
    public var notice: String?
    /// Products being deleted.
    public var deleting: Set<Int> = []
    /// The wish list (`f`, `F`): the kept products, where they are kept, how its reading and looks go.
    public var wishes = WishesState()
    /// The market's change stream: followed or not, what it changed lately, how many are here.
    public var live = LiveState()
    /// The marked products (`space`, `V`, `X`), which a bulk change (`b`) acts on.
    public var marks = Marks()
    /// The bulk change under way.
    public var bulkRun: BulkRun?
    /// The number the next bulk change's job takes (answers of an older one are told apart).
    public var nextBulkJob = 1
    /// What `u` undoes: the last bulk change, or the last delete.
    public var undoable: Undoable?

    public init(
        size: ScreenSize = ScreenSize(columns: 80, rows: 24), colorMode: ColorMode = .color256, maxColors: Int = 256,
        itemsPerPage: Int = 20, serverLabel: String = ""
    ) {
        catalog = CatalogState(size: size, itemsPerPage: itemsPerPage)
        self.colorMode = colorMode
        self.maxColors = maxColors
        self.serverLabel = serverLabel
    }

    /// The screen's size.
    public var size: ScreenSize { catalog.size }

    /// The palette pictures are rendered in now (previews in the form included).
    public var palette: PaletteKind { ascii ? .monochrome : colorMode.palette }

    /// The layout of the browse screen now.
    public var layout: BrowserLayout { catalog.layout }

    /// What is under way, most telling first, for the status line (nil: nothing; the spinner stops).
    public var activity: Activity? {
        if bulkRun != nil { return .saving }
        if !deleting.isEmpty { return .deleting }
        if let feature = presented.last(where: { $0.feature.activity != nil }) { return feature.feature.activity }
        if catalog.pageRequest != nil { return .loading }
        return nil
    }

    /// Whether any request is in flight (the spinner turns).
    public var isBusy: Bool {
        activity != nil
    }

    // MARK: What is presented

    /// The topmost product detail, if one is open.
    public var detail: DetailState? {
        presented.lazy.reversed().compactMap { if case .detail(let detail) = $0 { detail } else { nil } }.first
    }

    /// The product form, if open. Setting it replaces the open form (opens one if none; nil closes it).
    public var form: ProductFormState? {
        get { presented.lazy.reversed().compactMap { if case .form(let form) = $0 { form } else { nil } }.first }
        set {
            let index = presented.lastIndex { if case .form = $0 { true } else { false } }
            switch (index, newValue) {
            case (let index?, let form?): presented[index] = .form(form)
            case (let index?, nil): presented.remove(at: index)
            case (nil, let form?): presented.append(.form(form))
            case (nil, nil): break
            }
        }
    }

    /// The question asked, if any.
    public var confirmation: Confirmation? {
        if case .confirmation(let question) = presented.last { question } else { nil }
    }

    /// Whether the help shows.
    public var showsHelp: Bool {
        if case .help = presented.last { true } else { false }
    }

    /// The search line, while it is open.
    public var searchLine: SearchState? {
        presented.lazy.reversed().compactMap { if case .search(let line) = $0 { line } else { nil } }.first
    }

    /// The product the keys `e`, `d`, `f` and `y` act on, as shown: the detail's (nil until a detail opened by
    /// its number has it), or the selected one.
    public var currentProduct: ProductSummary? {
        if let detail { detail.product } else { catalog.selectedProduct }
    }
}

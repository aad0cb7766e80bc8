public import OpenMarketAPI
public import TerminalUI

/// The browser's whole state: the products loaded so far, paging, selection and scroll, the
/// layout, search, detail, banners and modes. A plain value; `handle(_:)` is the only way it changes.
public struct BrowserState: Sendable, Equatable {
    /// A page request under way.
    public struct PageRequest: Sendable, Equatable {
        public var id: Int
        public var page: Int
        public var search: String?
        /// Replace the list (first page, refresh, new search) or append to it.
        public var replaces: Bool
        /// On a replace, the product to keep selected if it is still there.
        public var keepSelectedID: Int?
    }

    /// The products shown: every loaded product, or only the writer's with "my products only".
    public var products: [ProductSummary] = []
    /// Every product loaded so far, newest first.
    public var allProducts: [ProductSummary] = []
    /// "My products only" (`m`): the list shows the writer's products; paging goes on looking for more.
    public var mineOnly = false
    public var hasNext = true
    public var nextPage = 1
    public var itemsPerPage: Int
    public var pageRequest: PageRequest?
    /// The page request that failed, retried by `r`.
    public var failedRequest: PageRequest?
    public var selectedIndex = 0
    /// The first item row on screen.
    public var scrollRow = 0
    public var layoutKind: LayoutKind = .list
    public var size: ScreenSize
    public var search = SearchState()
    public var detail: DetailState?
    public var showsHelp = false
    public var colorMode: ColorMode
    public var maxColors: Int
    /// The error banner's message.
    public var errorMessage: String?
    /// Products newer than the newest loaded, found by the poll.
    public var newProductCount = 0
    public var isPolling = false
    public var spinnerFrame = 0
    /// True until the first page arrives (or fails): the start screen.
    public var isStarting = true
    public var nextRequestID = 1
    /// Debounce delay for search-as-you-type.
    public var searchDelay: Duration = .milliseconds(300)
    /// Where the server is, for the title line.
    public var serverLabel: String
    /// The vendor that writes (deletes) — nil when the browser has no identity.
    public var writer: WriterIdentity?
    /// Why writes are off, when they are off on purpose (a read-only SSH demo).
    public var readOnlyNotice: String?
    /// A product to open as soon as the browser starts (`ssh … product 42`).
    public var openProductAtStart: Int?
    /// A question over the screen (delete?), answered before anything else.
    public var confirmation: Confirmation?
    /// A one-line message in the status bar ("Deleted “Mug”.").
    public var notice: String?
    /// Products being deleted.
    public var deleting: Set<Int> = []
    /// The edit form, when open (it takes the whole screen).
    public var form: ProductFormState?

    public init(
        size: ScreenSize = ScreenSize(columns: 80, rows: 24), colorMode: ColorMode = .color256, maxColors: Int = 256,
        itemsPerPage: Int = 20, serverLabel: String = ""
    ) {
        self.size = size
        self.colorMode = colorMode
        self.maxColors = maxColors
        self.itemsPerPage = itemsPerPage
        self.serverLabel = serverLabel
    }

    /// The layout of the browse screen now.
    public var layout: BrowserLayout {
        BrowserLayout(size: size, kind: layoutKind, showsBanner: showsBanner)
    }

    /// Whether the banner line shows (an error, or new products).
    public var showsBanner: Bool { errorMessage != nil || newProductCount > 0 }

    /// Whether any request is in flight (the spinner turns).
    public var isBusy: Bool {
        pageRequest != nil || detail?.isLoading == true || !deleting.isEmpty || form?.isSubmitting == true
    }

    /// The selected product, if any.
    public var selectedProduct: ProductSummary? {
        products.indices.contains(selectedIndex) ? products[selectedIndex] : nil
    }

    /// Load the next page when the selection comes within this many items of the end.
    public var prefetchThreshold: Int { max(10, layout.visibleItems) }
}

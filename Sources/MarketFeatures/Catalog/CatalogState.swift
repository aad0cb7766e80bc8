public import OpenMarketAPI
import TerminalUI

/// Browsing the products as a list or a grid: what is loaded, paging, the search the list shows,
/// "my products only", selection and scroll, and the poll for newer products. A child feature of the
/// browser: it changes only through its own handlers, which return what the runtime must do.
public struct CatalogState: Sendable, Equatable {
    /// A page request under way.
    public struct PageRequest: Sendable, Equatable {
        public var id: Int
        public var page: Int
        public var search: String?
        /// Replace the list (first page, refresh, new search) or append to it.
        public var replaces: Bool
        /// On a replace, the product to keep selected if it is still there.
        public var keepSelectedID: Int?
        /// The order and filter asked of a server that speaks the listing extension (else the standard one).
        public var listing: PageListing = .standard
    }

    /// Whether a page is on its way: none, one, or one that failed (which `r` sends again).
    public enum PageLoad: Sendable, Equatable {
        case idle
        case loading(PageRequest)
        case failed(PageRequest)
    }

    /// Every product loaded so far, newest first.
    public var allProducts: [ProductSummary] = [] {
        didSet { derive() }
    }
    /// "My products only" (`m`): the vendor whose products show; paging goes on looking for more.
    public var onlyVendorID: Int? {
        didSet { derive() }
    }
    /// The order they are listed in (`o`), applied to the products loaded.
    public var order: ProductOrder = .newest {
        didSet { derive() }
    }
    /// Which are listed (`i`: in stock only); paging goes on looking for more.
    public var filter = ProductFilter() {
        didSet { derive() }
    }
    /// The products shown: every loaded product, or only one vendor's with "my products only", those the
    /// filter admits, in the order chosen. Always derived from the four above (kept, not computed on each
    /// read: drawing reads it per item).
    public private(set) var products: [ProductSummary] = []

    private mutating func derive() {
        products = Self.shown(allProducts, onlyVendorID, filter: filter, order: order)
    }

    static func shown(
        _ all: [ProductSummary], _ vendorID: Int?, filter: ProductFilter = ProductFilter(), order: ProductOrder = .newest
    ) -> [ProductSummary] {
        let admitted = vendorID == nil && filter.isEmpty ? all : all.filter { ($0.vendorID == vendorID || vendorID == nil) && filter.admits($0) }
        return order.sorted(admitted)
    }

    /// Whether the list is in another order or filtered than the server's newest first, everything.
    public var isArranged: Bool { order != .newest || !filter.isEmpty }

    /// Who orders and filters the pages, as the pages have told (one state: a server that declined once is
    /// never asked again, whatever its later pages echo).
    public var arranger: Arranger = .unknown

    /// Whether the server orders and filters its pages; nil until a page has come. Without it, order and
    /// filter apply to the pages loaded only.
    public var serverArranges: Bool? {
        switch arranger {
        case .unknown: nil
        case .server: true
        case .courseAPI, .declined: false
        }
    }

    /// What page requests ask of the server: the order and filter, when it speaks the extension.
    public var listing: PageListing {
        guard serverArranges == true, isArranged else { return .standard }
        return PageListing(sort: order, inStockOnly: filter.inStockOnly, priceRange: filter.priceRange)
    }
    /// The search the list shows (nil: no filter).
    public var query: String?
    /// The search the products shown answer (nil: all of them). Differs from `query` while a new search's
    /// first page is on its way, when the old products are still on screen.
    public var listedQuery: String?
    /// How the market ranked the products shown for `listedQuery` (nil: no search, or not known).
    public var searchRanking: SearchRanking?
    /// What the market offers instead when `listedQuery` found nothing: a query of its own words that finds
    /// something ("did you mean"), as typed text (nil: none offered).
    public var searchSuggestion: String?
    /// The page to ask for next; nil once the last page is loaded.
    public var nextPage: Int? = 1
    public var itemsPerPage: Int
    /// The page request under way, or the one that failed.
    public var pageLoad: PageLoad = .idle
    public var selectedIndex = 0
    /// The first item row on screen.
    public var scrollRow = 0
    public var layoutKind: LayoutKind = .list
    public var size: ScreenSize
    /// Why the last page request failed (the banner says so until a page arrives); the only failure it holds.
    public var pageFailure: String?
    /// Products newer than the newest loaded, found by the poll.
    public var newProductCount = 0
    /// Changes to kept products not yet seen (the banner shows the first; the wish list view clears them).
    public var wishNews: [WishNews] = []
    public var isPolling = false
    /// True until the first page arrives (or fails): the start screen.
    public var isStarting = true
    public var nextRequestID = 1

    public init(size: ScreenSize, itemsPerPage: Int) {
        self.size = size
        self.itemsPerPage = itemsPerPage
    }

    /// Whether only one vendor's products show.
    public var mineOnly: Bool { onlyVendorID != nil }

    /// Whether there are pages not loaded yet.
    public var hasNext: Bool { nextPage != nil }

    /// The page request under way.
    public var pageRequest: PageRequest? {
        if case .loading(let request) = pageLoad { request } else { nil }
    }

    /// The page request that failed, retried by `r`.
    public var failedRequest: PageRequest? {
        if case .failed(let request) = pageLoad { request } else { nil }
    }

    /// The layout of the browse screen now.
    public var layout: BrowserLayout {
        BrowserLayout(size: size, kind: layoutKind, showsBanner: showsBanner)
    }

    /// Whether the banner line shows (an error, or new products).
    public var showsBanner: Bool { pageFailure != nil || newProductCount > 0 || !wishNews.isEmpty }

    /// The selected product, if any.
    public var selectedProduct: ProductSummary? {
        products.indices.contains(selectedIndex) ? products[selectedIndex] : nil
    }

    /// Load the next page when the selection comes within this many items of the end.
    public var prefetchThreshold: Int { max(10, layout.visibleItems) }
}

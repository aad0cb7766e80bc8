public import Localization
import TerminalUI

/// What "about this market" says: where the browser is, who orders and filters, how many products it has
/// loaded and from how many vendors, what the wish list holds and who writes — what the browser knows
/// now, each fact it does not know yet said as not known. Read from the browser's state at each frame the
/// box is drawn (a page or the kept list arriving meanwhile shows), never kept.
public struct AboutFacts: Sendable, Equatable {
    /// The market's name as the title line shows it (a settings file's name, `embedded`, or its address).
    public var market: String
    /// Its address (nil: not known).
    public var address: String?
    /// Who orders and filters: the market (true), the browser over what it loaded (false), not known yet (nil).
    public var arrangedByMarket: Bool?
    /// Products loaded, and from how many vendors.
    public var loaded: Int
    public var vendors: Int
    /// Whether the market lists more than were loaded.
    public var more: Bool
    /// Whether the products are a search's.
    public var searched: Bool
    /// Products kept (nil: the list is being read).
    public var kept: Int?
    /// Where the wish list is kept.
    public var wishPlace: WishPlace
    /// The vendor that writes (nil: reading only).
    public var writer: WriterIdentity?

    public init(
        market: String, address: String?, arrangedByMarket: Bool?, loaded: Int, vendors: Int, more: Bool, searched: Bool,
        kept: Int?, wishPlace: WishPlace, writer: WriterIdentity?
    ) {
        self.market = market
        self.address = address
        self.arrangedByMarket = arrangedByMarket
        self.loaded = loaded
        self.vendors = vendors
        self.more = more
        self.searched = searched
        self.kept = kept
        self.wishPlace = wishPlace
        self.writer = writer
    }

    /// What `browser` knows now.
    public init(_ browser: BrowserState) {
        let products = browser.catalog.allProducts
        self.init(
            market: browser.serverLabel, address: browser.marketURL.isEmpty ? nil : browser.marketURL,
            arrangedByMarket: browser.catalog.serverArranges, loaded: products.count,
            vendors: Set(products.map(\.vendorID)).count, more: browser.catalog.hasNext,
            searched: browser.catalog.listedQuery != nil, kept: browser.wishes.isRead ? browser.wishes.list.count : nil,
            wishPlace: browser.wishes.place, writer: browser.writer)
    }

    /// Its facts, label and value, in the order shown.
    var facts: [(label: Phrase.AboutLine, value: Phrase)] {
        [
            (.marketLabel, .about(.address(market.isEmpty ? nil : market))),
            (.addressLabel, .about(.address(address))),
            (.arrangementLabel, .about(.arrangement(arrangedByMarket))),
            (.productsLabel, .about(.products(loaded: loaded, vendors: vendors, more: more, searched: searched))),
            (.wishListLabel, .about(.kept(kept))),
            (.wishListLabel, wishPlace.phrase),
            (.writerLabel, .about(writer.map { .writer(vendor: $0.vendorID, name: $0.vendorName) } ?? .readOnly)),
        ]
    }
}

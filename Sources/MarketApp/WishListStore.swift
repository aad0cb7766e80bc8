public import Localization
public import MarketFeatures

/// Where a browser's wish list is kept between runs: a file for this market, the market itself (a visitor
/// over SSH, by key), or nowhere (a session). The runtime loads it before the first frame and saves it after
/// every change; a save of an older generation that arrives after a newer one is dropped (generations count
/// from the last `load`).
public protocol WishListStore: Sendable {
    /// Where it is kept, as the wish list's view says.
    var place: Phrase.WishPlace { get }
    /// The kept products (none when there is nothing kept, or what was kept could not be read).
    func load() async -> [WishedProduct]
    /// Keeps `products` as the list; `generation` orders saves.
    func save(_ products: [WishedProduct], generation: Int) async
}

/// A wish list that lasts as long as the browser: a visitor over SSH who offered no key.
public actor SessionWishListStore: WishListStore {
    public nonisolated let place = Phrase.WishPlace.session
    private var products: [WishedProduct]

    public init(_ products: [WishedProduct] = []) {
        self.products = products
    }

    public func load() async -> [WishedProduct] { products }

    public func save(_ products: [WishedProduct], generation: Int) async {
        self.products = products
    }
}

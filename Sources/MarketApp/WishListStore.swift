import Localization
public import MarketFeatures

/// Where a browser's wish list is kept between runs: a file for this market, the market itself (a visitor
/// over SSH, by key), or nowhere (a session). The runtime loads it before the first frame and saves it after
/// every change; a save of an older generation that arrives after a newer one is dropped (generations count
/// from the last `load`). After each load and save the runtime asks where the list is kept now, so that the
/// wish list's view never says "kept" of a list that the last attempt could not keep.
public protocol WishListStore: Sendable {
    /// Where it is meant to be kept, as the wish list's view says before the first load.
    var place: WishPlace { get }
    /// Where it is kept after the last load or save: `place`, or where it is held while that place fails.
    func currentPlace() async -> WishPlace
    /// The kept products (none when there is nothing kept, or what was kept could not be read).
    func load() async -> [WishedProduct]
    /// Keeps `products` as the list; `generation` orders saves.
    func save(_ products: [WishedProduct], generation: Int) async
}

extension WishListStore {
    /// A store that cannot fail to keep: always where it is meant to be.
    public func currentPlace() async -> WishPlace { place }
}

/// A wish list that lasts as long as the browser: a visitor over SSH who offered no key.
public actor SessionWishListStore: WishListStore {
    public nonisolated let place = WishPlace.session
    private var products: [WishedProduct]

    public init(_ products: [WishedProduct] = []) {
        self.products = products
    }

    public func load() async -> [WishedProduct] { products }

    public func save(_ products: [WishedProduct], generation: Int) async {
        self.products = products
    }
}

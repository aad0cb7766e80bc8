public import OpenMarketAPI

/// The wish list as the browser holds it: the kept products, where they are kept, whether the list kept
/// from before has been read and whether a look at the market is under way, and how many times it has
/// changed. One value: the wish list's view and the about box read it; nothing keeps a copy.
public struct WishesState: Sendable, Equatable {
    /// Where the list is in its life.
    public enum Phase: Sendable, Equatable {
        /// The list kept from before is being read (the browser starts without waiting for it): changes
        /// meanwhile are kept here, unsaved, and `droppedMeanwhile` are the products dropped meanwhile, so that
        /// they do not come back with it. No look at the market starts until it is read.
        case reading(droppedMeanwhile: Set<Int>)
        /// Read; `looking`: a look at the market is under way (one at a time).
        case ready(looking: Bool)
    }

    /// The products kept, as last seen.
    public var list = WishList()
    /// Where the list is kept (said in its view).
    public var place: WishPlace = .file
    public var phase: Phase = .ready(looking: false)
    /// How many times the list has changed: its saves carry it, so an older one never wins.
    public var generation = 0

    public init(list: WishList = WishList(), place: WishPlace = .file, phase: Phase = .ready(looking: false), generation: Int = 0) {
        self.list = list
        self.place = place
        self.phase = phase
        self.generation = generation
    }

    /// Whether the list kept from before has been read.
    public var isRead: Bool {
        if case .ready = phase { true } else { false }
    }

    /// Keeps `product` as shown (true) or drops it (false); nil when the list is full. The save is in `effects`.
    mutating func toggle(_ product: ProductSummary) -> (kept: Bool?, effects: [BrowserEffect]) {
        guard let kept = list.toggle(product) else { return (nil, []) }
        if case .reading(var dropped) = phase {
            if kept { dropped.remove(product.id) } else { dropped.insert(product.id) }
            phase = .reading(droppedMeanwhile: dropped)
        }
        return (kept, changed())
    }

    /// Drops product `id`: what was kept, and the save (nothing when it was not on the list).
    mutating func drop(_ id: Int) -> (dropped: WishedProduct?, effects: [BrowserEffect]) {
        guard let product = list.products.first(where: { $0.id == id }) else { return (nil, []) }
        list.drop(id)
        if case .reading(var dropped) = phase {
            dropped.insert(id)
            phase = .reading(droppedMeanwhile: dropped)
        }
        return (product, changed())
    }

    /// The next few kept products to look at, once the list is read and no look is under way.
    mutating func look() -> [BrowserEffect] {
        guard phase == .ready(looking: false), !list.isEmpty else { return [] }
        let ids = list.idsToCheck()
        guard !ids.isEmpty else { return [] }
        phase = .ready(looking: true)
        return [.checkWishes(ids: ids)]
    }

    /// What a look found: the news (a change for the better, or a deletion), and the save when the list changed.
    mutating func checked(_ looks: [WishLook]) -> (news: [WishNews], effects: [BrowserEffect]) {
        if case .ready = phase { phase = .ready(looking: false) }
        let before = list
        let news = looks.flatMap { list.compare(id: $0.id, with: $0.product) }
        return (news, list == before ? [] : changed())
    }

    /// What the market's change stream said of kept products: the news a look would bring, and the save when
    /// the list changed. A look under way goes on.
    mutating func heard(_ looks: [WishLook]) -> (news: [WishNews], effects: [BrowserEffect]) {
        guard case .ready = phase, looks.contains(where: { list.contains($0.id) }) else { return ([], []) }
        let before = list
        let news = looks.flatMap { list.compare(id: $0.id, with: $0.product) }
        return (news, list == before ? [] : changed())
    }

    /// The list kept from before arrived: what was kept or dropped meanwhile stays so (kept first), the rest
    /// is as kept; saved when it changed meanwhile, then looked at.
    mutating func loaded(_ kept: [WishedProduct]) -> [BrowserEffect] {
        guard case .reading(let dropped) = phase else { return [] }
        let here = Set(list.products.map(\.id))
        list = WishList(list.products + kept.filter { !here.contains($0.id) && !dropped.contains($0.id) })
        phase = .ready(looking: false)
        return (generation > 0 ? changed() : []) + look()
    }

    /// The list changed: a new generation, saved once the list kept from before has been read.
    private mutating func changed() -> [BrowserEffect] {
        generation += 1
        guard isRead else { return [] }
        return [.saveWishList(list.products, generation: generation)]
    }
}

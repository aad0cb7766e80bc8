public import OpenMarketAPI

/// The products a person keeps (`f`), newest kept first, each as it was last seen; a look at the market
/// (`compare`) updates them and says what changed for the better or went.
public struct WishList: Sendable, Equatable {
    /// The products, newest kept first.
    public private(set) var products: [WishedProduct] {
        didSet { ids = Set(products.map(\.id)) }
    }
    /// The kept products' ids, for the list and the grid's ♥ on every frame.
    private var ids: Set<Int>
    /// Where the next look at the market starts (it looks at a few at a time, round the list).
    public private(set) var nextCheck = 0

    /// The most products it keeps (one more is refused with a line).
    public static let limit = 200
    /// The most products one look at the market asks about.
    public static let checksPerLook = 10

    public init(_ products: [WishedProduct] = []) {
        var seen: Set<Int> = []
        self.products = Array(products.filter { seen.insert($0.id).inserted }.prefix(Self.limit))
        ids = Set(self.products.map(\.id))
    }

    public var isEmpty: Bool { products.isEmpty }
    public var count: Int { products.count }

    public func contains(_ id: Int) -> Bool { ids.contains(id) }

    /// Keeps `product` (true), or drops it when kept already (false); nil when the list is full.
    public mutating func toggle(_ product: ProductSummary) -> Bool? {
        if let index = products.firstIndex(where: { $0.id == product.id }) {
            products.remove(at: index)
            return false
        }
        guard products.count < Self.limit else { return nil }
        products.insert(WishedProduct(product), at: 0)
        return true
    }

    /// Drops product `id`.
    public mutating func drop(_ id: Int) {
        products.removeAll { $0.id == id }
    }

    /// The ids the next look at the market asks about (those not gone), and moves the start on.
    public mutating func idsToCheck() -> [Int] {
        let live = products.filter { !$0.gone }.map(\.id)
        guard !live.isEmpty else { return [] }
        let start = nextCheck % live.count
        let ids = (0..<min(Self.checksPerLook, live.count)).map { live[(start + $0) % live.count] }
        nextCheck = (start + ids.count) % live.count
        return ids
    }

    /// What the market says of product `id` now (nil: it has no such product any more): the news, and the
    /// product as seen now from here on. A price that rose, or stock that fell, is kept quietly, so a later
    /// drop is news again; each change is news once, and one look's changes to one product are one piece of
    /// news (cheaper and back in stock together).
    public mutating func compare(id: Int, with fresh: ProductSummary?) -> [WishNews] {
        guard let index = products.firstIndex(where: { $0.id == id }) else { return [] }
        let old = products[index]
        guard let fresh else {
            guard !old.gone else { return [] }
            products[index].gone = true
            return [WishNews(id: id, name: old.name, currency: old.currencyValue, change: .gone(lastPrice: old.paidPrice))]
        }
        products[index] = WishedProduct(fresh)
        let restocked = old.stock <= 0 && fresh.stock > 0 ? fresh.stock : nil
        let sameCurrency = fresh.currency.code == old.currency
        let change: WishNews.Change
        if sameCurrency, fresh.bargainPrice < old.paidPrice {
            let discountGrew = fresh.discountedPrice.amount > old.listPrice.amount - old.paidPrice.amount
            change =
                fresh.price < old.listPrice || !discountGrew
                ? .priceDrop(old: old.paidPrice, new: fresh.bargainPrice, restocked: restocked)
                : .discount(old: old.paidPrice, new: fresh.bargainPrice, restocked: restocked)
        } else if let restocked {
            // The price before is the one last seen in the same currency (another currency's is not compared).
            change = .backInStock(restocked, old: sameCurrency ? old.paidPrice : fresh.bargainPrice, new: fresh.bargainPrice)
        } else {
            return []
        }
        return [WishNews(id: id, name: fresh.name, currency: fresh.currency, change: change)]
    }
}

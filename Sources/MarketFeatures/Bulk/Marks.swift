public import OpenMarketAPI

/// The products marked in the list or the grid (`space` one, `V` the ones up to here, `X` none), which the
/// bulk changes act on (`b`). Marks are kept by product, not by row: they stay across pages, searches, orders
/// and the layout, and follow a product's changes (a marked product that is deleted is no longer marked).
public struct Marks: Sendable, Equatable {
    /// The marked products, as last known, in the order they were marked.
    public internal(set) var products: [ProductSummary] = []
    /// The product the last `space` marked or unmarked: where `V` marks from.
    public var anchor: Int?

    public init() {}

    /// How many are marked.
    public var count: Int { products.count }
    public var isEmpty: Bool { products.isEmpty }

    /// Whether product `id` is marked.
    public func contains(_ id: Int) -> Bool { products.contains { $0.id == id } }

    /// Marks `product`, or unmarks it when it is marked; it becomes the anchor either way.
    mutating func toggle(_ product: ProductSummary) {
        if let index = products.firstIndex(where: { $0.id == product.id }) {
            products.remove(at: index)
        } else {
            products.append(product)
        }
        anchor = product.id
    }

    /// Marks every product of `shown` from the anchor to `product` (both included; just `product` without an
    /// anchor, or when the anchor is not shown); `product` becomes the anchor.
    mutating func markRange(to product: ProductSummary, in shown: [ProductSummary]) {
        guard let end = shown.firstIndex(where: { $0.id == product.id }) else { return }
        let start = anchor.flatMap { id in shown.firstIndex { $0.id == id } } ?? end
        for item in shown[min(start, end)...max(start, end)] where !contains(item.id) {
            products.append(item)
        }
        anchor = product.id
    }

    /// No product marked.
    mutating func clear() {
        products = []
        anchor = nil
    }

    /// A marked product as it is now (after a change); nothing when it is not marked.
    mutating func update(_ product: ProductSummary) {
        if let index = products.firstIndex(where: { $0.id == product.id }) { products[index] = product }
    }

    /// Product `id` is gone: no longer marked.
    mutating func remove(_ id: Int) {
        products.removeAll { $0.id == id }
        if anchor == id { anchor = nil }
    }
}

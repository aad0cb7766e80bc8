import Foundation

/// How a page of products is ordered and filtered — this server's extension of the course API
/// (docs/API.md, "Order and filter"): `sort=newest|price-asc|price-desc|discount` and `in_stock=true`.
///
/// Prices in different currencies are never compared: won prices come before dollar prices in either
/// direction, each currency in its own order. Ties are newest first, so every order is total and pages
/// neither repeat nor skip a product while nothing is written.
struct ProductListing: Sendable, Hashable {
    enum Order: String, Sendable, CaseIterable {
        case newest
        case priceAscending = "price-asc"
        case priceDescending = "price-desc"
        case discount
    }

    var order: Order = .newest
    /// Only products with stock left.
    var inStockOnly = false

    /// Newest first, everything: the course API's listing.
    static let standard = ProductListing()

    /// Whether an update of a product's fields can move it into or out of a page of this listing, or
    /// within it (price, discount and stock decide both).
    var dependsOnFields: Bool { self != .standard }

    /// The listing a request asks for; a value that is not one of the words is the client's mistake (400).
    static func parse(sort: String?, inStock: String?) throws -> ProductListing {
        var listing = ProductListing()
        if let sort, !sort.isEmpty {
            guard let order = Order(rawValue: sort) else {
                throw APIError.badRequest("sort must be one of \(Order.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            listing.order = order
        }
        switch inStock?.lowercased() {
        case nil, "", "false", "0": break
        case "true", "1": listing.inStockOnly = true
        default: throw APIError.badRequest("in_stock must be true or false")
        }
        return listing
    }

    // MARK: SQL

    /// The condition (without WHERE) and the ORDER BY list, for a database whose price columns read as
    /// `price` expressions (`CAST(p.price AS REAL)` in SQLite, where they are exact text; `p.price` in
    /// PostgreSQL, NUMERIC).
    func sql(price: String, discount: String) -> (condition: String?, orderBy: String) {
        let rank = "CASE p.currency WHEN 'KRW' THEN 0 WHEN 'USD' THEN 1 ELSE 2 END"
        let paid = "(\(price) - \(discount))"
        let share = "CASE WHEN \(price) > 0 THEN \(discount) / \(price) ELSE 0 END"
        let orderBy: String
        switch order {
        case .newest: orderBy = "p.id DESC"
        case .priceAscending: orderBy = "\(rank), \(paid) ASC, p.id DESC"
        case .priceDescending: orderBy = "\(rank), \(paid) DESC, p.id DESC"
        case .discount: orderBy = "\(share) DESC, p.id DESC"
        }
        return (inStockOnly ? "p.stock > 0" : nil, orderBy)
    }

    // MARK: In memory

    /// `products` (newest first) as this listing has them.
    func arrange(_ products: [StoredProduct]) -> [StoredProduct] {
        let kept = inStockOnly ? products.filter { $0.stock > 0 } : products
        func rank(_ p: StoredProduct) -> Int { p.currency == "KRW" ? 0 : p.currency == "USD" ? 1 : 2 }
        func share(_ p: StoredProduct) -> Decimal { p.price > 0 ? p.discountedPrice / p.price : 0 }
        switch order {
        case .newest:
            return kept
        case .priceAscending, .priceDescending:
            let ascending = order == .priceAscending
            return kept.sorted { a, b in
                if rank(a) != rank(b) { return rank(a) < rank(b) }
                if a.bargainPrice != b.bargainPrice { return ascending ? a.bargainPrice < b.bargainPrice : a.bargainPrice > b.bargainPrice }
                return a.id > b.id
            }
        case .discount:
            return kept.sorted { a, b in share(a) != share(b) ? share(a) > share(b) : a.id > b.id }
        }
    }
}

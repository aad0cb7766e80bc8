import Foundation
import MarketSearch
import MarketWords

/// How a page of products is ordered and filtered — this server's extension of the course API
/// (docs/API.md, "Order and filter"): `sort=newest|price-asc|price-desc|discount`, `in_stock=true`, and
/// `currency=KRW|USD` with an optional price range `price_min` / `price_max` over the price paid (the
/// bargain price), bounds included.
///
/// Prices in different currencies are never compared: won prices come before dollar prices in either
/// direction, each currency in its own order. Ties are newest first, so every order is total and pages
/// neither repeat nor skip a product while nothing is written.
struct ProductListing: Sendable, Hashable {
    var order: ListingOrder = .newest
    /// Whether the request named its order (`sort=`): then a searched page is in that order, not best match
    /// first (docs/API.md, "Search").
    var orderGiven = false
    /// Only products with stock left.
    var inStockOnly = false
    /// Only products priced in this currency (`KRW` or `USD`); a price range needs it.
    var currency: String?
    /// The least price paid listed, included.
    var priceMin: Decimal?
    /// The most price paid listed, included.
    var priceMax: Decimal?

    /// Newest first, everything: the course API's listing.
    static let standard = ProductListing()

    /// Whether an update of a product's fields can move it into or out of a page of this listing, or
    /// within it (price, discount and stock decide both).
    var dependsOnFields: Bool {
        var plain = self
        plain.orderGiven = false
        return plain != .standard
    }

    /// The listing a request asks for; a value that is not one of the words is the client's mistake (400).
    static func parse(
        sort: String?, inStock: String?, currency: String? = nil, priceMin: String? = nil, priceMax: String? = nil
    ) throws -> ProductListing {
        var listing = ProductListing()
        if let sort, !sort.isEmpty {
            guard let order = ListingOrder(rawValue: sort) else {
                throw APIError.badRequest("sort must be one of \(ListingOrder.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            listing.order = order
            listing.orderGiven = true
        }
        switch inStock?.lowercased() {
        case nil, "", "false", "0": break
        case "true", "1": listing.inStockOnly = true
        default: throw APIError.badRequest("in_stock must be true or false")
        }
        if let currency, !currency.isEmpty {
            guard let known = MarketCurrency(code: currency) else {
                throw APIError.badRequest("currency must be one of \(MarketCurrency.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            listing.currency = known.rawValue
        }
        listing.priceMin = try Self.bound(priceMin, named: ListingParameter.priceMin.rawValue)
        listing.priceMax = try Self.bound(priceMax, named: ListingParameter.priceMax.rawValue)
        if listing.hasRange, listing.currency == nil {
            throw APIError.badRequest(
                "price_min and price_max need currency=KRW or currency=USD: prices in different currencies are not compared")
        }
        if let low = listing.priceMin, let high = listing.priceMax, low > high {
            throw APIError.badRequest("price_min (\(low)) is more than price_max (\(high))")
        }
        return listing
    }

    /// Whether a bound of the price is given.
    var hasRange: Bool { priceMin != nil || priceMax != nil }

    /// A price bound: digits with at most four decimals, at most 15 digits before the point (what SQLite's REAL
    /// holds exactly), so it can be written into SQL as a number and nothing else.
    private static func bound(_ text: String?, named name: String) throws -> Decimal? {
        guard let text, !text.isEmpty else { return nil }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        let digits = { (part: Substring) in !part.isEmpty && part.allSatisfy { $0.isASCII && $0.isNumber } }
        guard parts.count <= 2, digits(parts[0]), parts[0].count <= ProductRules.boundDigits,
            parts.count == 1 || (digits(parts[1]) && parts[1].count <= ProductRules.boundDecimals),
            let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
        else {
            throw APIError.badRequest("\(name) must be a number of 0 or more, like 12000 or 9.99")
        }
        return value
    }

    // MARK: SQL

    /// The condition (without WHERE) and the ORDER BY list, for a database whose price columns read as
    /// `price` expressions (`CAST(p.price AS REAL)` in SQLite, where they are exact text; `p.price` in
    /// PostgreSQL, NUMERIC).
    func sql(price: String, discount: String) -> (condition: String?, orderBy: String) {
        // MarketCurrency.priceRank in SQL (the codes are stored as the market's words write them).
        let rank = "CASE p.currency " + MarketCurrency.allCases.map { "WHEN '\($0.rawValue)' THEN \(MarketCurrency.priceRank(code: $0.rawValue)) " }.joined()
            + "ELSE \(MarketCurrency.allCases.count) END"
        let paid = "(\(price) - \(discount))"
        let share = "CASE WHEN \(price) > 0 THEN \(discount) / \(price) ELSE 0 END"
        let orderBy: String
        switch order {
        case .newest: orderBy = "p.id DESC"
        case .priceAscending: orderBy = "\(rank), \(paid) ASC, p.id DESC"
        case .priceDescending: orderBy = "\(rank), \(paid) DESC, p.id DESC"
        case .discount: orderBy = "\(share) DESC, p.id DESC"
        case .stock: orderBy = "p.stock ASC, p.id DESC"
        }
        var conditions = inStockOnly ? ["p.stock > 0"] : []
        // Only the fixed words and validated numbers are written into the SQL.
        if let currency, MarketCurrency(rawValue: currency) != nil { conditions.append("p.currency = '\(currency)'") }
        // Rounded to the bounds' four decimals, so SQLite's REAL subtraction (10.99 − 1 = 9.990000000000002)
        // includes a bound the way the exact stores do.
        if let priceMin { conditions.append("ROUND(\(paid), 4) >= \(Self.literal(priceMin))") }
        if let priceMax { conditions.append("ROUND(\(paid), 4) <= \(Self.literal(priceMax))") }
        return (conditions.isEmpty ? nil : conditions.joined(separator: " AND "), orderBy)
    }

    /// A validated bound as an SQL number: its exact digits, no exponent.
    static func literal(_ value: Decimal) -> String {
        JSONText.number(value)
    }

    // MARK: In memory

    /// Whether `product` is listed.
    func admits(_ product: StoredProduct) -> Bool {
        admits(ListingKeys(product))
    }

    /// Whether a product with these keys is listed.
    func admits(_ keys: ListingKeys) -> Bool {
        if inStockOnly, keys.stock <= 0 { return false }
        if let currency, keys.currency != currency { return false }
        if let priceMin, keys.bargainPrice < priceMin { return false }
        if let priceMax, keys.bargainPrice > priceMax { return false }
        return true
    }

    /// Whether it filters (stock, currency or price): a search asks `admits` of each product it finds.
    var filters: Bool { inStockOnly || currency != nil || hasRange }

    /// Search hits (newest first, as `CatalogIndex.hits` gives them) in this listing's order (the order asked
    /// for), the better match first among equals, then the newest; `keys` has each hit's prices.
    func arrange(_ hits: [CatalogIndex.Hit], keys: [Int: ListingKeys]) -> [CatalogIndex.Hit] {
        guard order != .newest else { return hits }
        return hits.compactMap { hit in keys[hit.id].map { (hit: hit, keys: $0) } }
            .sorted { a, b in
                switch order {
                case .newest: break
                case .priceAscending, .priceDescending:
                    if a.keys.currencyRank != b.keys.currencyRank { return a.keys.currencyRank < b.keys.currencyRank }
                    let (x, y) = (a.keys.bargainValue, b.keys.bargainValue)
                    if x != y { return order == .priceAscending ? x < y : x > y }
                case .discount:
                    if a.keys.discountShare != b.keys.discountShare { return a.keys.discountShare > b.keys.discountShare }
                case .stock:
                    if a.keys.stock != b.keys.stock { return a.keys.stock < b.keys.stock }
                }
                if a.hit.score != b.hit.score { return a.hit.score < b.hit.score }
                return a.hit.id > b.hit.id
            }
            .map(\.hit)
    }

    /// `products` (newest first) as this listing has them. What a product is sorted by (its currency's rank,
    /// its discount's share) is worked out once per product, not twice per comparison.
    func arrange(_ products: [StoredProduct]) -> [StoredProduct] {
        let kept = products.filter(admits)
        switch order {
        case .newest:
            return kept
        case .priceAscending, .priceDescending:
            let ascending = order == .priceAscending
            return kept.map { (rank: MarketCurrency.priceRank(code: $0.currency), product: $0) }
                .sorted { a, b in
                    if a.rank != b.rank { return a.rank < b.rank }
                    let (x, y) = (a.product.bargainPrice, b.product.bargainPrice)
                    if x != y { return ascending ? x < y : x > y }
                    return a.product.id > b.product.id
                }
                .map(\.product)
        case .discount:
            return kept.map { (share: $0.price > 0 ? $0.discountedPrice / $0.price : 0, product: $0) }
                .sorted { a, b in a.share != b.share ? a.share > b.share : a.product.id > b.product.id }
                .map(\.product)
        case .stock:
            return kept.sorted { a, b in a.stock != b.stock ? a.stock < b.stock : a.id > b.id }
        }
    }
}

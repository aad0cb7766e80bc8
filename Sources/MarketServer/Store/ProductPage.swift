/// One page of products, newest first, and how many products match in all.
struct ProductPage: Sendable, Equatable {
    var total: Int
    var items: [StoredProduct]
    /// How a searched page was found (nil: not searched).
    var search: SearchOutcome? = nil
}

/// How a searched page was ranked, and what to try when it found nothing: the `search` object of a page's
/// answer (docs/API.md, "Search").
struct SearchOutcome: Sendable, Equatable {
    /// Best match first (no `sort=` given), or in the order asked for.
    var bestMatchFirst: Bool
    /// A query made of the catalog's own words that finds something, when this one found nothing.
    var suggestion: String?
}

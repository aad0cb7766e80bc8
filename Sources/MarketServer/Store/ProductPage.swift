/// One page of products, newest first, and how many products match in all.
struct ProductPage: Sendable, Equatable {
    var total: Int
    var items: [StoredProduct]
}

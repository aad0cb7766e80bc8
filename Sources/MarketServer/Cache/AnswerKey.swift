/// What an encoded answer in `CachedProductStore` is kept under.
enum AnswerKey: Hashable, Sendable {
    /// A product list by the raw query string of its request, so that a hit needs no parsing at all.
    case list(query: String)
    /// A product list by its parsed parameters, so that other spellings of the same query share it.
    case page(number: Int, perPage: Int, search: String, listing: ProductListing)
    /// One product's detail.
    case product(id: Int)

    /// The key of a GET of `path` with `query`, when the path is the list or one product's and the id is
    /// spelt the way the router reads it (digits, no leading zero); nil for anything else. The query is
    /// only read (made into a string) for the list.
    static func forGET(path: String, query: @autoclosure () -> String?) -> AnswerKey? {
        if path == "/api/products" { return .list(query: query() ?? "") }
        guard path.hasPrefix("/api/products/") else { return nil }
        let raw = path.utf8.dropFirst("/api/products/".utf8.count)
        guard let first = raw.first, first != UInt8(ascii: "0"), raw.count <= 18,
            raw.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            let id = Int(Substring(raw))
        else { return nil }
        return .product(id: id)
    }
}

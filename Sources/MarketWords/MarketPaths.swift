/// The paths of the API's resources, as the client asks for them and the server answers them.
public enum MarketPaths {
    /// The products: a page of them (`GET`), a registration (`POST`).
    public static let products = "/api/products"
    /// One product.
    public static func product(id: Int) -> String { "\(products)/\(id)" }
    /// Whether the server answers.
    public static let health = "/healthChecker"
    /// The wish list kept under `owner` (this server's extension).
    public static func wishList(owner: String) -> String { "/api/wishlists/\(owner)" }
    /// Who the `identifier` header names (an extension of `openmarket serve`: docs/API.md, "Who a vendor is").
    public static let me = "/api/vendors/me"
}

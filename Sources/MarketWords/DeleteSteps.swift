/// The course API's two steps to delete a product: `POST /api/products/{id}/archived` with the secret answers
/// a one-time path, `/api/products/{token}`, that `DELETE` takes. The client follows them, the server answers
/// them, the OpenAPI document describes them.
public enum DeleteSteps {
    /// The first step's path for product `id`.
    public static func askPath(id: Int) -> String { "\(MarketPaths.product(id: id))/\(ask)" }
    /// The last path component of the first step.
    public static let ask = "archived"
    /// The body key of the first step.
    public static let secretKey = "secret"
    /// The second step's path for `token`, as the first step answers it.
    public static func deletePath(token: String) -> String { "\(MarketPaths.products)/\(token)" }

    /// How long a deleted product is kept for its vendor to bring back (an extension of `openmarket serve`:
    /// docs/API.md, "Undo a delete"), in seconds; then it and its pictures are gone for good.
    public static let keptSeconds = 600
    /// The path that brings product `id` back (`POST`, the secret in the body).
    public static func restorePath(id: Int) -> String { "\(MarketPaths.product(id: id))/\(restore)" }
    /// The last path component of a restore.
    public static let restore = "restore"
}

import HTTPTypes

/// Which methods each path of the API takes — what a 405's `Allow` header says. `ProductController` and
/// the health check register exactly these; a test checks that they agree.
enum RouteMethods {
    /// The methods `path` takes, or nil when no route has that path at all.
    static func allowed(on path: String) -> [HTTPRequest.Method]? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        switch (parts.count, parts.first, parts.dropFirst().first, parts.last) {
        case (1, "healthChecker", _, _), (1, "openapi.yaml", _, _), (1, "metrics", _, _): return [.get]
        case (2, "healthChecker", "ready", _): return [.get]
        case (2, "api", "products", _): return [.get, .post]
        case (3, "api", "products", "changes"): return [.get]
        case (5, "api", "products", let viewer?) where parts[parts.startIndex + 2] == "changes" && parts[parts.startIndex + 3] == "viewers" && !viewer.isEmpty:
            return [.put]
        case (3, "api", "products", let id?) where !id.isEmpty: return [.get, .patch, .delete]
        case (4, "api", "products", "archived") where !parts[parts.startIndex + 2].isEmpty: return [.post]
        case (4, "api", "products", "restore") where !parts[parts.startIndex + 2].isEmpty: return [.post]
        case (3, "api", "wishlists", let owner?) where !owner.isEmpty: return [.get, .put]
        case (3, "api", "vendors", "me"): return [.get]
        case (_, "images", _, _) where parts.count >= 2: return [.get]
        default: return nil
        }
    }
}

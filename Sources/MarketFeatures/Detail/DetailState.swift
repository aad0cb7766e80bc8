public import OpenMarketAPI

/// The detail screen of one product: what the list knew, the full detail once loaded, which
/// picture shows, and how far the text is scrolled.
public struct DetailState: Sendable, Equatable {
    public var summary: ProductSummary
    public var detail: ProductDetail?
    public var error: String?
    public var isLoading: Bool
    public var imageIndex = 0
    public var scroll = 0

    public init(summary: ProductSummary) {
        self.summary = summary
        isLoading = true
    }

    /// Pictures to page through: the detail's, or the list thumbnail until the detail arrives.
    public var imageCount: Int { max(detail?.images.count ?? 0, 0) }
}

extension DetailState {
    /// What the runtime answers the detail.
    public enum Event: Sendable, Equatable {
        /// The product's detail arrived, or did not.
        case loaded(Result<ProductDetail, BrowserFailure>)
    }
}

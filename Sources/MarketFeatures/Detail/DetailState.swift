public import OpenMarketAPI

/// The detail screen of one product: what the list knew (if anything), the full detail once loaded, which
/// picture shows, and how far the text is scrolled.
public struct DetailState: Sendable, Equatable {
    /// Where the request for the product's detail is: under way, answered, or failed with the message.
    /// A reload keeps the detail shown; the phase says what came of the last request.
    public enum Phase: Sendable, Equatable {
        case loading
        case loaded
        case failed(message: String)
    }

    /// The product's number.
    public var id: Int
    /// What the list knew of the product; nil for a detail opened by its number (`--product 42`): nothing is
    /// known of it but the number until its detail arrives.
    public var summary: ProductSummary?
    /// The full detail, once it has arrived (kept through a reload and a failed one).
    public var detail: ProductDetail?
    public var phase: Phase = .loading
    public var imageIndex = 0
    public var scroll = 0

    public init(summary: ProductSummary) {
        id = summary.id
        self.summary = summary
    }

    /// The detail of product `id`, known by its number only until it arrives.
    public init(id: Int) {
        self.id = id
    }

    /// The product as shown: the detail's once it has arrived, else what the list knew (nil: not known yet).
    public var product: ProductSummary? { detail?.summary ?? summary }

    /// Whether the detail is being asked for.
    public var isLoading: Bool { phase == .loading }

    /// Why the last request failed, until the next one.
    public var error: String? {
        if case .failed(let message) = phase { message } else { nil }
    }

    /// Pictures to page through: the detail's, or the list thumbnail until the detail arrives.
    public var imageCount: Int { max(detail?.images.count ?? 0, 0) }
}

extension DetailState {
    /// What is said to the detail from outside it: the runtime's answer, and what the browser heard from
    /// other features about this product. The detail changes itself; nobody reaches into it.
    public enum Event: Sendable, Equatable {
        /// The product's detail arrived, or did not.
        case loaded(Result<ProductDetail, BrowserFailure>)
        /// The picture window over it closed on picture `index`: the detail shows that one now.
        case pictureShown(index: Int)
        /// The product was edited and saved: as the list has it now, and in full.
        case saved(ProductSummary, ProductDetail)
        /// The palette chose one of the detail's actions: done as its key would do it.
        case chosen(KeyAction)
    }
}

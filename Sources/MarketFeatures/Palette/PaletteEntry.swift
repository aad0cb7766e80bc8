public import OpenMarketAPI

/// One thing the palette offers: an action (by its words and keys), a product loaded, or a product the
/// market's search found. Its text is prepared for matching once, when the palette opens or the search answers.
public struct PaletteEntry: Sendable, Equatable {
    public enum Target: Sendable, Equatable {
        case action(KeyAction)
        case product(ProductSummary)
        /// Found by the market's search, not among the products loaded.
        case found(ProductSummary)
    }

    public var target: Target
    /// What is matched and shown on the left (an action's words and name; a product's name).
    public var text: String
    /// An action's keys (a product's price is made when its row is drawn: 10,000 prices formatted at
    /// every opening would be most of its cost).
    let keys: String
    let candidate: FuzzyMatch.Candidate

    public init(target: Target, text: String, keys: String = "") {
        self.target = target
        self.text = text
        self.keys = keys
        candidate = FuzzyMatch.Candidate(text)
    }

    /// What is shown on the right: an action's keys, a product's price.
    public var detail: String {
        switch target {
        case .action: keys
        case .product(let product), .found(let product): ProductText.prices(product).pay
        }
    }

    /// Which kind goes first among equal scores: actions, then loaded products, then found ones.
    var rank: Int {
        switch target {
        case .action: 0
        case .product: 1
        case .found: 2
        }
    }

    /// The text's length in scalars (shorter goes first among equals).
    var length: Int { candidate.folded.count }
}

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
    /// An action's keys, matched too and shown on the right (a product's price is made when its row is
    /// drawn: 10,000 prices formatted at every opening would be most of its cost).
    let keys: String
    /// `text`, then — for an action — two spaces and its keys: what a typed line is matched against.
    let candidate: FuzzyMatch.Candidate
    /// How many scalars of the candidate are `text` (a matched position past them, and the two spaces, is
    /// in `keys`).
    let textScalars: Int

    /// A product's row: its name (printable; its price is made when the row is drawn).
    init(product target: Target) {
        switch target {
        case .product(let product), .found(let product): self.init(target: target, text: ProductText.name(product))
        case .action: self.init(target: target, text: "")
        }
    }

    public init(target: Target, text: String, keys: String = "") {
        self.target = target
        self.text = text
        self.keys = keys
        textScalars = text.unicodeScalars.count
        candidate = FuzzyMatch.Candidate(keys.isEmpty ? text : text + Self.keySeparator + keys)
    }

    /// Between an action's words and its keys in what is matched.
    static let keySeparator = "  "

    /// Of a match's positions, those in `text` and those in `keys` (each counted from its own start).
    public func split(_ positions: [Int]) -> (text: Set<Int>, keys: Set<Int>) {
        let keysStart = textScalars + Self.keySeparator.unicodeScalars.count
        var inText: Set<Int> = []
        var inKeys: Set<Int> = []
        for position in positions {
            if position < textScalars { inText.insert(position) } else if position >= keysStart { inKeys.insert(position - keysStart) }
        }
        return (inText, inKeys)
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
    var length: Int { textScalars }
}

/// The currencies the API prices in. A client still reads any other code (as unknown); a server takes only these.
public enum MarketCurrency: String, Sendable, Hashable, CaseIterable {
    /// Korean won.
    case krw = "KRW"
    /// US dollars.
    case usd = "USD"

    /// The one a code names, in any letter case; nil for any other code.
    public init?(code: String) {
        self.init(rawValue: code.uppercased())
    }

    /// Where prices in a currency go when products are ordered by price (prices in different currencies are
    /// not compared): won first, then dollars — the order of the cases — then any other code.
    public static func priceRank(code: String) -> Int {
        MarketCurrency(code: code).flatMap { allCases.firstIndex(of: $0) } ?? allCases.count
    }

    /// The words in English: "KRW or USD".
    public static var spoken: String { allCases.spoken }
}

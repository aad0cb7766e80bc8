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

    /// The words in English: "KRW or USD".
    public static var spoken: String { allCases.spoken }
}

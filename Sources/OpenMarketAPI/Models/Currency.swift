/// The currency of a price: Korean won, US dollars, or a code this client does not know.
///
/// An unknown code decodes as `.other(code)` so one odd product does not fail a whole page.
public enum Currency: Sendable, Hashable, Decodable, CustomStringConvertible {
    /// Korean won (`KRW`).
    case krw
    /// US dollars (`USD`).
    case usd
    /// A code this client does not know, as received.
    case other(String)

    /// The currency a code names; `KRW` and `USD` in any letter case are known, anything else is `.other`.
    public init(code: String) {
        switch code.uppercased() {
        case "KRW": self = .krw
        case "USD": self = .usd
        default: self = .other(code)
        }
    }

    public init(from decoder: any Decoder) throws {
        self.init(code: try decoder.singleValueContainer().decode(String.self))
    }

    /// The ISO 4217 code as the API writes it (`KRW`, `USD`, or the unknown code as received).
    public var code: String {
        switch self {
        case .krw: "KRW"
        case .usd: "USD"
        case .other(let code): code
        }
    }

    public var description: String { code }
}

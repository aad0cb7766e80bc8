public import Settings

/// The market browsed: the embedded one, a URL, or a server named in the settings file.
public enum MarketChoice: Sendable, Equatable {
    case embedded
    case url(String)
    case named(NamedServer)

    /// The market's URL; nil for the embedded one (its port is known once it starts).
    public var url: String? {
        switch self {
        case .embedded: nil
        case .url(let url): url
        case .named(let server): server.url
        }
    }

    /// The key remembered choices are kept under: the market's URL, or `embedded`.
    public var rememberedKey: String { url ?? "embedded" }

    /// As `config show` names it.
    public var label: String {
        switch self {
        case .embedded: "embedded"
        case .url(let url): url
        case .named(let server): "\(server.name) (\(server.url))"
        }
    }
}

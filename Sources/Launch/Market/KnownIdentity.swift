public import OpenMarketAPI

/// A vendor's identity as it was found: given, named with a server, saved on disk (for one server, or any),
/// or the embedded market's demo vendor.
public struct KnownIdentity: Sendable, Equatable {
    public var identity: VendorIdentity
    /// The server it was saved for; nil for any.
    public var server: String?
    /// The vendor's numeric id, when known.
    public var vendorID: Int?

    public init(identity: VendorIdentity, server: String? = nil, vendorID: Int? = nil) {
        self.identity = identity
        self.server = server
        self.vendorID = vendorID
    }

    /// The identity writes are made with: the options, then the environment, then the named server's, then the
    /// saved one when it was saved for this very market (with `--server URL`, for that URL; without, for the
    /// embedded market), then the embedded market's demo vendor; nil for none. A secret is only ever sent to
    /// the market it was saved for.
    public static func forWrites(
        _ options: LaunchOptions, environment: [String: String], server: MarketChoice, saved: KnownIdentity? = nil,
        demo: KnownIdentity? = nil
    ) -> KnownIdentity? {
        if let identifier = options.identifier ?? environment[EnvironmentKey.identifier],
            let secret = options.secret ?? environment[EnvironmentKey.secret]
        {
            return KnownIdentity(
                identity: VendorIdentity(identifier: identifier, secret: secret),
                vendorID: environment[EnvironmentKey.vendorID].flatMap(Int.init))
        }
        if case .named(let named) = server, let identifier = named.identifier, let secret = named.secret {
            return KnownIdentity(identity: VendorIdentity(identifier: identifier, secret: secret))
        }
        if let saved, saved.server == server.url { return saved }
        return demo
    }
}

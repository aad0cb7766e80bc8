public import Hummingbird

/// The request context of the Open Market server: Hummingbird's core storage and a body limit that
/// fits five 300 KB pictures with room to spare.
public struct MarketRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The client's address, for per-address limits.
    public let remoteAddress: String?

    public init(source: Source) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress?.ipAddress
    }

    /// Bodies above 2 MiB are refused with 413 before they are read whole.
    public var maxUploadSize: Int { 2 * 1024 * 1024 }
}

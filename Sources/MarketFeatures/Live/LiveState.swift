public import OpenMarketAPI

/// The market's changes as they happen (`ChangeFollowing`): whether the stream is followed, the products it
/// changed lately (marked on screen for `markTime`, so the eye catches them) and those it deleted (marked
/// where they stood), and how many are here. Without the stream (a course-API market, or while it is lost)
/// the browser polls as before.
public struct LiveState: Sendable, Equatable {
    public enum Phase: Sendable, Equatable {
        /// Not heard from yet: the poll goes on.
        case connecting
        /// Followed: every change comes as it happens, and nothing is polled.
        case live
        /// Lost; opened again after `retryIn` (the poll goes on meanwhile).
        case lost(retryIn: Duration)
        /// The market has no stream: the poll, as with the course API.
        case unavailable
    }

    public var phase: Phase = .connecting
    /// Products changed by the stream and still marked, each with the generation of its mark (a newer change
    /// of the same product keeps it marked from then).
    public var fresh: [Int: Int] = [:]
    /// Products the stream said were deleted, still where they stood in the list.
    public var gone: Set<Int> = []
    /// How many are browsing the market, as it last said (nil: not said).
    public var browsing: Int?
    /// The generation of the newest mark.
    public var markGeneration = 0
    /// The token the stream named this browser by, to say what it looks at (nil: none yet, or lost with it).
    public var viewer: String?
    /// The product this browser last said it looks at (nil: none said, or none).
    public var lookReported: Int?
    /// How many look at each product, as the market last said (this browser included).
    public var looking: [Int: Int] = [:]
    /// Registrations the stream counted in the banner's new products (so that one this browser made itself,
    /// whose event can come before its own answer, is taken out of the count when it is shown).
    public var announced: Set<Int> = []

    /// How long a changed product stays marked.
    public static let markTime = Duration.seconds(3)

    public init() {}

    /// Whether the stream brings the news now (the poll is not needed).
    public var isLive: Bool { phase == .live }

    /// Marks `id` as changed just now; the effect that ends the mark.
    mutating func mark(_ id: Int) -> BrowserEffect {
        markGeneration += 1
        fresh[id] = markGeneration
        return .expireFreshMark(id: id, generation: markGeneration, after: Self.markTime)
    }

    /// The mark of `id` of `generation` has been shown long enough (a newer one stays).
    mutating func expire(_ id: Int, generation: Int) {
        if fresh[id] == generation { fresh[id] = nil }
    }
}

/// What following a market's changes brings: the stream opened (again), a change, the stream lost (and when it
/// is tried again), or no stream at all on this market (its clients poll).
public enum ChangeFeedEvent: Sendable, Equatable {
    /// Connected; `resumed` when it went on from the last event had (nothing missed).
    case opened(resumed: Bool)
    case change(MarketChange)
    /// The stream ended or could not be opened: tried again after `retryIn`.
    case lost(retryIn: Duration)
    /// The market has no change stream (a course-API server, an older `openmarket serve`): nothing more comes.
    case unavailable
}

public import Localization

/// Where a wish list is kept.
public enum WishPlace: Sendable, Equatable, CaseIterable {
    /// A file in the data directory, for this market.
    case file
    /// By the market, under the key the visitor's SSH client offered.
    case visitorKey
    /// Nowhere: the visitor offered no key, so it lasts as long as the session.
    case session
    /// Meant for the market, which could not keep it just now (it is away, or keeps no wish lists): the
    /// session holds it, and the next change tries again.
    case marketAway
    /// Meant for a file, which could not be written: the session holds it, the next change tries again.
    case fileUnwritable

    /// The sentence under the list's title.
    public var phrase: Phrase {
        switch self {
        case .file: .wishKeptInFile
        case .visitorKey: .wishKeptByKey
        case .session: .wishKeptForSession
        case .marketAway: .wishHeldMarketAway
        case .fileUnwritable: .wishHeldFileUnwritable
        }
    }
}

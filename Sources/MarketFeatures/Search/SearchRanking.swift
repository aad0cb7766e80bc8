import OpenMarketAPI

/// How the products a search shows were ranked, as the market's first page said: best match first
/// (`openmarket serve`), in the order asked for, or a substring newest first (a course server, which says
/// nothing). The status line tells which.
public enum SearchRanking: Sendable, Equatable {
    case bestMatch
    case sorted
    case substring

    /// What a page's `search` object says; nil names a ranking this client does not know.
    init?(_ search: PageSearch?) {
        guard let search else {
            self = .substring
            return
        }
        switch search.ranking {
        case .bestMatch?: self = .bestMatch
        case .sort?: self = .sorted
        case nil: return nil
        }
    }
}

import Foundation
import Untrusted

/// How a server searched a page — `openmarket serve`'s `search` object (docs/API.md, "Search"): whether it ranked
/// best match first or kept the order asked for, and a query of the catalog's own words when nothing was found.
/// A course server sends none (it matches a substring, newest first).
public struct PageSearch: Sendable, Equatable, Decodable {
    /// How the products found were ordered.
    public enum Ranking: String, Sendable, Equatable, Decodable {
        /// Best match first: the words in the name before the description, exact before the start of a word
        /// before typos; then newest.
        case bestMatch = "best-match"
        /// In the order asked for (`sort=`).
        case sort
    }

    /// Nil when the server named a ranking this client does not know.
    public var ranking: Ranking?
    /// A query that finds something, when this one found nothing.
    public var suggestion: String?

    public init(ranking: Ranking?, suggestion: String? = nil) {
        self.ranking = ranking
        self.suggestion = suggestion
    }

    /// The suggestion as a client shows it for `query`: one line, control characters made visible (`UntrustedText`),
    /// trimmed; nil when there is none, it is blank, or it is the query itself.
    public func suggestion(answering query: String) -> String? {
        guard let suggestion else { return nil }
        let shown = UntrustedText.shown(suggestion.replacingOccurrences(of: "\n", with: " ")).trimmingCharacters(in: .whitespaces)
        return shown.isEmpty || shown == query ? nil : shown
    }

    enum CodingKeys: String, CodingKey { case ranking, suggestion }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        ranking = try? container.decodeIfPresent(Ranking.self, forKey: .ranking)
        suggestion = try? container.decodeIfPresent(String.self, forKey: .suggestion)
    }
}

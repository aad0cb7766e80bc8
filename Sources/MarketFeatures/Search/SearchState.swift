/// The search line: what is typed, what the list shows, and the debounce generation.
public struct SearchState: Sendable, Equatable {
    /// What the query line shows.
    public var query = ""
    /// Whether keys go to the query line.
    public var isEditing = false
    /// The query the list currently shows (nil: no filter).
    public var applied: String?
    /// Bumped on every edit; a debounce timer fires with the generation it was started for.
    public var generation = 0

    public init() {}

    /// The query as sent to the server: nil when blank.
    public var effectiveQuery: String? {
        let trimmed = query.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? nil : trimmed
    }
}

extension String {
    func trimmingCharacters(in set: Set<Character>) -> String {
        var s = Substring(self)
        while let c = s.first, set.contains(c) { s = s.dropFirst() }
        while let c = s.last, set.contains(c) { s = s.dropLast() }
        return String(s)
    }
}

extension Set where Element == Character {
    static let whitespaces: Set<Character> = [" ", "\t"]
}

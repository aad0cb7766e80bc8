import TerminalUI

/// The search line while it is open: what is typed. The list shows a query once it is applied (after
/// the debounce, or at once with Enter); Esc gives the search up.
public struct SearchState: Sendable, Equatable {
    /// What the query line shows.
    public var query: String

    /// The longest query the line takes.
    static let limit = 100

    public init(query: String = "") {
        self.query = query
    }

    /// The query as sent to the server: nil when blank.
    public var effectiveQuery: String? {
        let trimmed = query.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// Typing edits the query; Enter applies it, Esc clears it. Every key is the line's.
    mutating func handle(_ key: KeyEvent) -> [PresentationAction] {
        switch key {
        case .escape:
            return [.dismiss, .queryCleared]
        case .enter:
            return [.dismiss, .querySubmitted(effectiveQuery)]
        case .backspace:
            guard !query.isEmpty else { return [] }
            query.removeLast()
        case .control("u"):
            query = ""
        case .character(let c):
            guard query.count < Self.limit else { return [] }
            query.append(c)
        case .paste(let text):
            let room = max(0, Self.limit - query.count)
            query += TerminalText.sanitized(text.replacingOccurrences(of: "\n", with: " ")).prefix(room)
        default:
            return []
        }
        return [.queryEdited(query)]
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

extension SearchState: PresentedFeature {
    var presented: Presentation { .search(self) }

    /// Keys edit the query; clicks go to the list below.
    mutating func handle(_ input: PresentedInput, context: PresentationContext) -> Outcome<PresentationAction> {
        guard case .key(let key) = input else { return .notMine }
        return .handled(handle(key))
    }
}

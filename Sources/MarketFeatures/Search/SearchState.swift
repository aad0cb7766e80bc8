import TerminalUI

/// The search line while it is open: what is typed. The list shows a query once it is applied (after
/// the debounce, or at once with Enter); Esc gives the search up.
public struct SearchState: Sendable, Equatable {
    /// What the query line shows.
    public var query: String
    /// Counts the edits: the pause timer of an edit says which, so only the last edit's applies.
    public var generation: Int

    /// The longest query the line takes.
    static let limit = 100
    /// How long the typing pauses before the list shows the query.
    public static let pause: Duration = .milliseconds(300)

    public init(query: String = "", generation: Int = 0) {
        self.query = query
        self.generation = generation
    }

    /// What the line tells the browser.
    public enum Delegate: Sendable, Equatable {
        /// The query is to be shown now: the typing paused, or Enter.
        case due(String?)
        /// Esc: the search is given up; the list shows everything again.
        case cleared
    }

    /// What the runtime answers the line.
    public enum Event: Sendable, Equatable {
        /// The typing paused after edit `generation`.
        case paused(generation: Int)
    }

    /// The pause after the last edit shows its query; an older edit's pause does nothing.
    mutating func receive(_ event: Event) -> Outcome<PresentationAction> {
        switch event {
        case .paused(let edit): .handled(edit == generation ? [.delegate(.search(.due(effectiveQuery)))] : [])
        }
    }

    /// The query as sent to the server: nil when blank.
    public var effectiveQuery: String? {
        let trimmed = query.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// Typing edits the query; Enter applies it, Esc clears it. Every key is the line's.
    mutating func handle(_ key: KeyEvent) -> Outcome<PresentationAction> {
        switch key {
        case .escape:
            return .handled([.dismiss, .delegate(.search(.cleared))])
        case .enter:
            return .handled([.dismiss, .delegate(.search(.due(effectiveQuery)))])
        case .backspace:
            guard !query.isEmpty else { return .handled([]) }
            query.removeLast()
        case .control("u"):
            query = ""
        case .character(let c):
            guard let typed = query.typing(c, limit: Self.limit) else { return .handled([]) }
            query = typed
        case .paste(let text):
            query = query.pasting(text, limit: Self.limit)
        default:
            return .handled([])
        }
        generation += 1
        return .handled([.run(.scheduleSearch(generation: generation, after: Self.pause))])
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

    /// The runtime's answers for the line.
    mutating func receive(_ event: PresentedEvent, context: PresentationContext) -> Outcome<PresentationAction> {
        guard case .search(let answer) = event else { return .notMine }
        return receive(answer)
    }

    /// Keys edit the query; clicks go to the list below.
    mutating func handle(_ input: PresentedInput, context: PresentationContext) -> Outcome<PresentationAction> {
        guard case .key(let key) = input else { return .notMine }
        return handle(key)
    }
}

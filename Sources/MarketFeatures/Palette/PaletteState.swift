import Localization
import OpenMarketAPI
import TerminalUI

/// The command palette (`:` or Ctrl-P): a line to type on and, as you type, what matches it fuzzily —
/// every action by its words, name and keys, every product loaded, and after a pause what the market's
/// search finds. Enter runs the action or opens the product; the matched letters are marked.
public struct PaletteState: Sendable, Equatable {
    /// What is typed.
    public internal(set) var query = ""
    /// The chosen row among `matches`.
    public var selectedIndex = 0
    /// Everything it can offer, actions first (prepared once, when it opens).
    public private(set) var entries: [PaletteEntry]
    /// What the market's search found for `foundFor`, those not loaded.
    public internal(set) var found: [PaletteEntry] = []
    public internal(set) var foundFor: String?
    /// The best matches, best first: an index into `entries + found`, and how it matched.
    public private(set) var matches: [Match] = []
    /// Every entry that matches the query (indices into `entries + found`), and the query they were found for.
    private(set) var matching: [Int] = []
    var rankedFor: String?
    /// Counts the typing, so that only the last pause's search is made and answered.
    public internal(set) var generation = 0
    /// A search of the market is under way (for this generation).
    public internal(set) var searching = false

    public struct Match: Sendable, Equatable {
        public var index: Int
        public var match: FuzzyMatch
        /// The tie-breakers, kept here so that sorting touches no entry: its kind's rank and its length.
        var rank: Int = 0
        var length: Int = 0

        /// Whether it goes before `other`: the better score, then actions before products before found ones,
        /// then the shorter text, then the earlier entry.
        func precedes(_ other: Match) -> Bool {
            if match.score != other.match.score { return match.score > other.match.score }
            if rank != other.rank { return rank < other.rank }
            if length != other.length { return length < other.length }
            return index < other.index
        }
    }

    /// The most rows it ranks and shows.
    static let shown = 100
    /// The longest line it takes.
    static let limit = 100
    /// How long the typing pauses before the market is searched, and the least it searches for.
    public static let searchPause: Duration = .milliseconds(400)
    static let searchLeast = 2

    public init(entries: [PaletteEntry]) {
        self.entries = entries
        rank()
    }

    /// The entry at `matches[row]`.
    public func entry(at row: Int) -> PaletteEntry? {
        guard matches.indices.contains(row) else { return nil }
        return entry(index: matches[row].index)
    }

    public var selected: PaletteEntry? { entry(at: selectedIndex) }

    /// Ranks every entry against the query: best score first; among equals actions, then loaded products,
    /// then found ones, then the shorter text, then the order they came in. A query that extends the last
    /// one looks only at what matched the last one (typing narrows); only the best 100 are sorted.
    mutating func rank() {
        let typed = query.trimmingCharacters(in: .whitespaces)
        let pattern = FuzzyMatch.pattern(typed)
        let total = entries.count + found.count
        let narrowing = rankedFor.map { !$0.isEmpty && typed.hasPrefix($0) } ?? false
        let pool = narrowing ? matching : Array(0..<total)
        var scratch = FuzzyMatch.Scratch()
        var ranked: [Match] = []
        ranked.reserveCapacity(pool.count)
        for index in pool {
            let isEntry = index < entries.count
            let matched =
                isEntry
                ? FuzzyMatch.match(pattern, in: entries[index].candidate, scratch: &scratch)
                : FuzzyMatch.match(pattern, in: found[index - entries.count].candidate, scratch: &scratch)
            guard let matched else { continue }
            let (rank, length) = isEntry ? (entries[index].rank, entries[index].length) : (2, found[index - entries.count].length)
            ranked.append(Match(index: index, match: matched, rank: rank, length: length))
        }
        matching = ranked.map(\.index)
        rankedFor = typed
        if !pattern.isEmpty {
            // The 100th best score: what scores below it is never shown, and is not sorted.
            if ranked.count > Self.shown {
                let scores = ranked.map(\.match.score).sorted(by: >)
                let least = scores[Self.shown - 1]
                ranked.removeAll { $0.match.score < least }
            }
            ranked.sort { $0.precedes($1) }
        }
        matches = Array(ranked.prefix(Self.shown))
        selectedIndex = 0
    }

    /// The entry with this index in `entries + found`.
    func entry(index: Int) -> PaletteEntry { index < entries.count ? entries[index] : found[index - entries.count] }

    /// The market's search answered: what it found that is not loaded joins the ranking.
    mutating func found(_ products: [ProductSummary], for query: String, generation answered: Int) {
        guard answered == generation else { return }
        searching = false
        let loaded = Set(entries.compactMap { if case .product(let p) = $0.target { p.id } else { nil } })
        found = products.filter { !loaded.contains($0.id) }.map { PaletteEntry(product: .found($0)) }
        foundFor = query
        let chosen = selected
        rankedFor = nil  // new entries: look at everything again
        rank()
        if let chosen, let row = matches.indices.first(where: { entry(at: $0) == chosen }) { selectedIndex = row }
    }

    /// The search is due: whether it should be made now (the typing has paused on a long enough query).
    mutating func searchDue(generation due: Int) -> String? {
        let text = query.trimmingCharacters(in: .whitespaces)
        guard due == generation, text.count >= Self.searchLeast, text != foundFor else { return nil }
        searching = true
        return text
    }

    /// Typing narrows the entries (and, after a pause, searches the market); ↑↓ choose, Enter runs or opens
    /// the chosen one, Esc closes. Every key is the palette's.
    mutating func handle(_ key: KeyEvent) -> Outcome<PresentationAction> {
        switch key {
        case .escape:
            return .handled([.dismiss])
        case .enter:
            return .handled(selected.map { [.dismiss, .delegate(.palette(.chose($0.target)))] } ?? [])
        case .up, .control("p"), .control("k"):
            selectedIndex = max(0, selectedIndex - 1)
            return .handled([])
        case .down, .control("n"), .control("j"), .tab:
            selectedIndex = max(0, min(matches.count - 1, selectedIndex + 1))
            return .handled([])
        case .pageUp:
            selectedIndex = max(0, selectedIndex - 10)
            return .handled([])
        case .pageDown:
            selectedIndex = max(0, min(matches.count - 1, selectedIndex + 10))
            return .handled([])
        case .backspace:
            guard !query.isEmpty else { return .handled([]) }
            query.removeLast()
        case .control("u"):
            guard !query.isEmpty else { return .handled([]) }
            query = ""
        case .character(let c):
            guard let typed = query.typing(c, limit: Self.limit) else { return .handled([]) }
            query = typed
        case .paste(let text):
            guard query.count < Self.limit else { return .handled([]) }
            query = query.pasting(text, limit: Self.limit)
        default:
            return .handled([])
        }
        generation += 1
        searching = false
        rank()
        return .handled([.run(.schedulePaletteSearch(generation: generation, after: Self.searchPause))])
    }
}

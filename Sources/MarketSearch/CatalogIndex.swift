/// An index of a catalog's names and descriptions in memory, and the search over it: every word of a query
/// must match (in any order; two neighbours may match as one word), and products are ranked by how and where
/// their words matched (`grade`), then newest first.
///
/// A product's grade for one query word is the best of: 0 the word in its name, 1 the start of a word in its
/// name, 2 a word in its name with typos, and 3, 4, 5 the same in its description; its score is the sum over the
/// query's words, lower first. `Payload` is what a caller filters and orders by (price, stock…).
///
/// A value: searches read a copy while writes go on (copy on write).
public struct CatalogIndex<Payload: Sendable>: Sendable {
    /// A product found: its id, its score (lower is better) and its payload.
    public struct Hit: Sendable {
        public var id: Int
        public var score: Int
        public var payload: Payload
    }

    // Products, by slot (the order they were added in; removed ones leave a hole).
    private var ids: [Int] = []
    private var payloads: [Payload?] = []
    /// Each slot's terms: term << 1 | 1 when in the name.
    private var slotTerms: [[Int32]] = []
    private var slotOf: [Int: Int32] = [:]
    /// Whether slots are in increasing id: then newest first is the slots backwards.
    private var slotsInIDOrder = true
    private var liveCount = 0
    private var newest = 0

    // The vocabulary.
    private var termOf: [[UInt32]: Int32] = [:]
    private var termLetters: [[UInt32]] = []
    private var termInitials: [[UInt32]] = []
    private var termShown: [String] = []
    private var nameDocs: [[Int32]] = []
    private var descriptionDocs: [[Int32]] = []

    public init() {}

    /// How many products are indexed.
    public var count: Int { liveCount }

    /// How many distinct words are indexed (some may no longer be in any product).
    public var vocabularySize: Int { termLetters.count }

    /// The newest id ever indexed (0 when none), removed or not.
    public var newestID: Int { newest }

    /// Whether product `id` is indexed.
    public func contains(id: Int) -> Bool { slotOf[id] != nil }

    /// About how many bytes the index holds (postings, letters, slots): for the benchmark's figure.
    public var footprint: Int {
        let postings = nameDocs.reduce(0) { $0 + $1.count } + descriptionDocs.reduce(0) { $0 + $1.count }
        let letters = termLetters.reduce(0) { $0 + $1.count + 8 } + termInitials.reduce(0) { $0 + $1.count }
        let shown = termShown.reduce(0) { $0 + $1.utf8.count }
        let slots = slotTerms.reduce(0) { $0 + $1.count }
        return postings * 4 + letters * 4 + shown + slots * 4 + ids.count * (8 + 16 + MemoryLayout<Payload>.size)
            + termLetters.count * 96
    }

    // MARK: Writing

    /// Adds product `id`, or replaces what is indexed of it.
    public mutating func upsert(id: Int, name: String, description: String, payload: Payload) {
        let slot: Int
        if let existing = slotOf[id] {
            slot = Int(existing)
            unlink(slot: slot)
        } else {
            slot = ids.count
            if id < newest { slotsInIDOrder = false }
            newest = max(newest, id)
            ids.append(id)
            payloads.append(nil)
            slotTerms.append([])
            slotOf[id] = Int32(slot)
        }
        if payloads[slot] == nil { liveCount += 1 }
        payloads[slot] = payload
        var terms: [Int32] = []
        for term in DocumentTerms.terms(of: name, pairs: true) {
            let t = self.term(term)
            nameDocs[Int(t)].append(Int32(slot))
            terms.append(t << 1 | 1)
        }
        for term in DocumentTerms.terms(of: description, pairs: false) {
            let t = self.term(term)
            descriptionDocs[Int(t)].append(Int32(slot))
            terms.append(t << 1)
        }
        slotTerms[slot] = terms
    }

    /// Changes only what product `id` is filtered and ordered by (its text is unchanged).
    public mutating func update(id: Int, payload: Payload) {
        guard let slot = slotOf[id], payloads[Int(slot)] != nil else { return }
        payloads[Int(slot)] = payload
    }

    /// Removes product `id`, if it is indexed.
    public mutating func remove(id: Int) {
        guard let slot = slotOf[id] else { return }
        unlink(slot: Int(slot))
        if payloads[Int(slot)] != nil { liveCount -= 1 }
        payloads[Int(slot)] = nil
        slotOf[id] = nil
    }

    private mutating func unlink(slot: Int) {
        let mark = Int32(slot)
        for entry in slotTerms[slot] {
            let t = Int(entry >> 1)
            if entry & 1 == 1 {
                if let at = nameDocs[t].lastIndex(of: mark) { nameDocs[t].remove(at: at) }
            } else if let at = descriptionDocs[t].lastIndex(of: mark) {
                descriptionDocs[t].remove(at: at)
            }
        }
        slotTerms[slot] = []
    }

    private mutating func term(_ term: DocumentTerms.Term) -> Int32 {
        if let known = termOf[term.letters] { return known }
        let t = Int32(termLetters.count)
        termOf[term.letters] = t
        termLetters.append(term.letters)
        termInitials.append(term.initials)
        termShown.append(term.shown)
        nameDocs.append([])
        descriptionDocs.append([])
        return t
    }

    // MARK: Searching

    /// The best grade of each slot for `word` (255: no match), or nil when no product matches it.
    private func grades(for word: QueryWord, scratch: inout [Int]) -> [UInt8]? {
        var grades = [UInt8](repeating: .max, count: ids.count)
        var any = false
        func mark(_ t: Int, _ kind: MatchKind) {
            let name = UInt8(kind.rawValue), description = UInt8(3 + kind.rawValue)
            grades.withUnsafeMutableBufferPointer { grades in
                for slot in nameDocs[t] where grades[Int(slot)] > name {
                    grades[Int(slot)] = name
                    any = true
                }
                for slot in descriptionDocs[t] where grades[Int(slot)] > description {
                    grades[Int(slot)] = description
                    any = true
                }
            }
        }
        if !word.allowsPrefix, word.edits == 0, !word.isInitials {
            // Only the word itself (or its singular): two lookups, no pass over the vocabulary.
            for letters in [word.letters, word.singular].compactMap({ $0 }) {
                if let t = termOf[letters] { mark(Int(t), .exact) }
            }
            return any ? grades : nil
        }
        for t in termLetters.indices where !(nameDocs[t].isEmpty && descriptionDocs[t].isEmpty) {
            let kind = termLetters[t].withUnsafeBufferPointer { letters in
                termInitials[t].withUnsafeBufferPointer { initials in
                    word.match(letters, initials: initials, scratch: &scratch)
                }
            }
            if let kind { mark(t, kind) }
        }
        return any ? grades : nil
    }

    /// Each slot's score for `query` (nil: no match), for the slots `admits` lets through.
    private func scores(_ query: SearchQuery, admits: (Payload) -> Bool) -> [UInt8] {
        let none = UInt8.max
        var scores = [UInt8](repeating: none, count: ids.count)
        guard !query.isEmpty, liveCount > 0 else { return scores }
        var scratch: [Int] = []
        let words = query.words.map { grades(for: $0, scratch: &scratch) }
        let pairs = query.pairs.map { grades(for: $0, scratch: &scratch) }
        let n = words.count
        let anyPair = pairs.contains { $0 != nil }
        // Without a pair every word must match alone; a word nothing matches leaves nothing.
        if !anyPair, words.contains(where: { $0 == nil }) { return scores }
        var cost = [Int](repeating: 0, count: n + 1)
        let infinite = 1 << 20
        for slot in 0..<ids.count {
            guard let payload = payloads[slot] else { continue }
            // The least cost of matching words i… : alone, or with the next as one word (counted for both).
            cost[n] = 0
            var i = n - 1
            while i >= 0 {
                var best = infinite
                if let grades = words[i], grades[slot] != none { best = Int(grades[slot]) + cost[i + 1] }
                if i + 1 < n, let grades = pairs[i], grades[slot] != none {
                    best = min(best, 2 * Int(grades[slot]) + cost[i + 2])
                }
                cost[i] = best
                if best >= infinite && !anyPair { break }
                i -= 1
            }
            guard i < 0, cost[0] < infinite, admits(payload) else { continue }
            scores[slot] = UInt8(cost[0])
        }
        return scores
    }

    /// One page of the products matching `query` that `admits` lets through, best score first and newest
    /// first among equals, with how many there are in all.
    public func page(_ query: SearchQuery, offset: Int, limit: Int, admits: (Payload) -> Bool = { _ in true })
        -> (total: Int, ids: [Int])
    {
        let scores = scores(query, admits: admits)
        guard slotsInIDOrder else {
            let hits = (0..<ids.count).filter { scores[$0] != .max }
                .sorted { scores[$0] != scores[$1] ? scores[$0] < scores[$1] : ids[$0] > ids[$1] }
            return (hits.count, hits.dropFirst(offset).prefix(limit).map { ids[$0] })
        }
        // Counting sort: slots backwards are newest first, so each score's slots come in order.
        var perScore = [Int](repeating: 0, count: 256)
        for score in scores { perScore[Int(score)] += 1 }
        let total = ids.count - perScore[255]
        guard offset < total, limit > 0 else { return (total, []) }
        // The scores the page spans.
        var before = 0, first = -1, last = -1
        for score in 0..<255 where perScore[score] > 0 {
            if first < 0, before + perScore[score] > offset { first = score }
            if first >= 0 { last = score }
            before += perScore[score]
            if before >= offset + limit { break }
        }
        var skipped = (0..<first).reduce(0) { $0 + perScore[$1] }
        var pageIDs: [Int] = []
        for score in first...last {
            for slot in stride(from: ids.count - 1, through: 0, by: -1) where Int(scores[slot]) == score {
                if skipped < offset {
                    skipped += 1
                    continue
                }
                pageIDs.append(ids[slot])
                if pageIDs.count == limit { return (total, pageIDs) }
            }
        }
        return (total, pageIDs)
    }

    /// Every product matching `query` that `admits` lets through, newest first, with its score: for an order
    /// the caller sorts by.
    public func hits(_ query: SearchQuery, admits: (Payload) -> Bool = { _ in true }) -> [Hit] {
        let scores = scores(query, admits: admits)
        var hits: [Hit] = []
        for slot in 0..<ids.count where scores[slot] != .max {
            if let payload = payloads[slot] { hits.append(Hit(id: ids[slot], score: Int(scores[slot]), payload: payload)) }
        }
        return hits.sorted { $0.id > $1.id }
    }

    // MARK: Did you mean

    /// A query like `text` that finds something, each word nothing matched replaced by the catalog's closest word
    /// (at most 2 edits, 3 from 8 letters; the commonest of the closest), or nil when there is none.
    public func suggestion(for text: String) -> String? {
        let words = SearchTokenizer.words(in: text).prefix(SearchQuery.maxWords)
        let query = SearchQuery(text)
        guard !query.isEmpty else { return nil }
        let scalars = Array(text.unicodeScalars)
        var scratch: [Int] = []
        var replaced = false
        var parts: [String] = []
        for (word, queryWord) in zip(words, query.words) {
            let typed = String(String.UnicodeScalarView(scalars[word.range]))
            if grades(for: queryWord, scratch: &scratch) != nil {
                parts.append(typed)
                continue
            }
            let limit = word.letters.count >= 8 ? 3 : 2
            var best: (distance: Int, frequency: Int, term: Int)?
            for t in termLetters.indices {
                let frequency = nameDocs[t].count + descriptionDocs[t].count
                guard frequency > 0, abs(termLetters[t].count - word.letters.count) <= limit else { continue }
                guard let distance = EditDistance.within(word.letters, termLetters[t], limit: limit, prefix: false)
                else { continue }
                if best == nil || distance < best!.distance || (distance == best!.distance && frequency > best!.frequency) {
                    best = (distance, frequency, t)
                }
            }
            guard let best else { return nil }
            parts.append(termShown[best.term])
            replaced = true
        }
        guard replaced else { return nil }
        let suggestion = parts.joined(separator: " ")
        return page(SearchQuery(suggestion + " "), offset: 0, limit: 1).total > 0 ? suggestion : nil
    }
}

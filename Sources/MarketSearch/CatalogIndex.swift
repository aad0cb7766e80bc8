/// An index of a catalog's names and descriptions in memory, and the search over it: every word of a query
/// must match (in any order; two neighbours may match as one word, one word as two), and products are ranked
/// by how and where their words matched (`grade`), then newest first.
///
/// A product's grade for one query word is the best of: 0 the word in its name, 1 the start of a word in its
/// name, 2 a word in its name with typos, and 3, 4, 5 the same in its description; its score is the sum over the
/// query's words, lower first. What a caller filters by (price, stock…) it keeps itself and tells through
/// `admits`, by product id.
///
/// A value: searches read a copy while writes go on (copy on write).
public struct CatalogIndex: Sendable {
    /// A product found: its id and its score (lower is better).
    public struct Hit: Sendable, Equatable {
        public var id: Int
        public var score: Int
    }

    // Products, by slot (the order they were added in; a removed one leaves a hole).
    private var ids: [Int] = []
    private var live: [Bool] = []
    /// Each slot's terms: term << 1 | 1 when in the name.
    private var slotTerms: [[Int32]] = []
    private var slotOf: [Int: Int32] = [:]
    /// Whether slots are in increasing id: then newest first is the slots backwards.
    private var slotsInIDOrder = true
    private var liveCount = 0
    private var newest = 0

    // The vocabulary, its letters one after another (a pass over it reads memory in order).
    private var termOf: [TermKey: Int32] = [:]
    private var pool: [UInt32] = []
    private var start: [Int32] = []
    private var length: [UInt8] = []
    private var initialsPool: [UInt32] = []
    private var initialsStart: [Int32] = []
    private var initialsLength: [UInt8] = []
    private var shown: [String] = []
    private var nameDocs: [[Int32]] = []
    private var descriptionDocs: [[Int32]] = []
    /// How many products hold each term now (0: none; a pass skips it).
    private var frequency: [Int32] = []
    /// The terms by the letter at each of their first five places (`byLetter[place][letter]`), and by their
    /// first initial: a query's word reads only the terms that can match it (one with k typos keeps one of its
    /// first k + 1 letters within k places).
    private var byLetter: [[UInt32: [Int32]]] = Array(repeating: [:], count: 5)
    private var byInitial: [UInt32: [Int32]] = [:]
    /// The last text each term was added from (`texts` counts every name and description indexed, again
    /// included): a word twice in a text is one posting.
    private var lastAdded: [Int] = []
    private var texts = 0

    public init() {}

    /// How many products are indexed.
    public var count: Int { liveCount }

    /// How many distinct words are indexed (some may no longer be in any product).
    public var vocabularySize: Int { start.count }

    /// The newest id ever indexed (0 when none), removed or not.
    public var newestID: Int { newest }

    /// Whether product `id` is indexed.
    public func contains(id: Int) -> Bool { slotOf[id] != nil }

    /// About how many bytes the index holds (postings, letters, slots): for the benchmark's figure.
    public var footprint: Int {
        let postings = nameDocs.reduce(0) { $0 + $1.count } + descriptionDocs.reduce(0) { $0 + $1.count }
        let slots = slotTerms.reduce(0) { $0 + $1.count }
        let words = shown.reduce(0) { $0 + $1.utf8.count + 16 }
        return (postings + slots) * 4 + (pool.count + initialsPool.count) * 4 * 2 + words
            + start.count * (4 + 1 + 4 + 1 + 4 + 2 * 32 + 48) + ids.count * (8 + 1 + 32 + 24)
    }

    // MARK: Writing

    /// Adds product `id`, or replaces what is indexed of it.
    public mutating func upsert(id: Int, name: String, description: String) {
        let slot: Int
        if let existing = slotOf[id] {
            slot = Int(existing)
            unlink(slot: slot)
        } else {
            slot = ids.count
            if id < newest { slotsInIDOrder = false }
            newest = max(newest, id)
            ids.append(id)
            live.append(false)
            slotTerms.append([])
            slotOf[id] = Int32(slot)
        }
        if !live[slot] { liveCount += 1 }
        live[slot] = true
        var terms: [Int32] = []
        for (text, inName) in [(name, true), (description, false)] {
            var scalars: [Unicode.Scalar]?
            texts += 1
            let stamp = texts
            for term in DocumentTerms.terms(of: text) {
                let t: Int32
                if let known = termOf[TermKey(letters: term.letters)] {
                    t = known
                } else {
                    if scalars == nil { scalars = Array(text.unicodeScalars) }
                    t = add(term, shown: String(String.UnicodeScalarView(scalars![term.range])).lowercased())
                }
                if lastAdded[Int(t)] == stamp { continue }
                lastAdded[Int(t)] = stamp
                if inName { nameDocs[Int(t)].append(Int32(slot)) } else { descriptionDocs[Int(t)].append(Int32(slot)) }
                frequency[Int(t)] += 1
                terms.append(t << 1 | (inName ? 1 : 0))
            }
        }
        slotTerms[slot] = terms
    }

    /// Removes product `id`, if it is indexed.
    public mutating func remove(id: Int) {
        guard let slot = slotOf[id] else { return }
        unlink(slot: Int(slot))
        if live[Int(slot)] { liveCount -= 1 }
        live[Int(slot)] = false
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
            frequency[t] -= 1
        }
        slotTerms[slot] = []
    }

    private mutating func add(_ term: DocumentTerms.Term, shown text: String) -> Int32 {
        let t = Int32(start.count)
        termOf[TermKey(letters: term.letters)] = t
        start.append(Int32(pool.count))
        length.append(UInt8(term.letters.count))
        pool.append(contentsOf: term.letters)
        initialsStart.append(Int32(initialsPool.count))
        initialsLength.append(UInt8(min(term.initials.count, 255)))
        initialsPool.append(contentsOf: term.initials.prefix(255))
        shown.append(text)
        nameDocs.append([])
        descriptionDocs.append([])
        frequency.append(0)
        lastAdded.append(-1)
        for (place, letter) in term.letters.prefix(5).enumerated() { byLetter[place][letter, default: []].append(t) }
        if let initial = term.initials.first { byInitial[initial, default: []].append(t) }
        return t
    }

    // MARK: Searching

    /// Calls `body` with each term `word` matches and how.
    private func eachMatch(of word: QueryWord, _ body: (Int, MatchKind) -> Void) {
        if !word.allowsPrefix, word.edits == 0, !word.isInitials {
            // Only the word itself (or its singular): lookups, no pass over the vocabulary.
            if let t = termOf[TermKey(letters: word.letters)] { body(Int(t), .exact) }
            if let singular = word.singular, let t = termOf[TermKey(letters: singular)] { body(Int(t), .exact) }
            return
        }
        // The terms that can match: by the first initial, the first letter, or with k typos a letter of the
        // first k + 1 within k places of where it was (each term once).
        var candidates: [Int32] = []
        let q = word.letters
        if word.isInitials {
            candidates = byInitial[q[0]] ?? []
        } else if word.edits == 0 {
            candidates = byLetter[0][q[0]] ?? []
        } else {
            var seen = [Bool](repeating: false, count: start.count)
            for i in 0...min(word.edits, q.count - 1) {
                for place in 0...min(i + word.edits, 4) {
                    for t in byLetter[place][q[i]] ?? [] where !seen[Int(t)] {
                        seen[Int(t)] = true
                        candidates.append(t)
                    }
                }
            }
        }
        var scratch: [Int] = []
        pool.withUnsafeBufferPointer { pool in
            initialsPool.withUnsafeBufferPointer { initialsPool in
                for t32 in candidates {
                    let t = Int(t32)
                    guard frequency[t] > 0 else { continue }
                    let letters = UnsafeBufferPointer(rebasing: pool[Int(start[t])..<Int(start[t]) + Int(length[t])])
                    let first = Int(initialsStart[t])
                    let initials = UnsafeBufferPointer(rebasing: initialsPool[first..<first + Int(initialsLength[t])])
                    if let kind = word.match(letters, initials: initials, scratch: &scratch) { body(t, kind) }
                }
            }
        }
    }

    /// The best grade of each slot for `word` (255: no match), or nil when no product matches it. A word of
    /// four letters or more may also match as two words of the catalog (teapot: tea and pot), graded as the
    /// worse of the two.
    private func grades(for word: QueryWord, split: Bool) -> [UInt8]? {
        var grades = [UInt8](repeating: .max, count: ids.count)
        var any = false
        grades.withUnsafeMutableBufferPointer { grades in
            func mark(_ t: Int, name: UInt8, description: UInt8) {
                for slot in nameDocs[t] where grades[Int(slot)] > name {
                    grades[Int(slot)] = name
                    any = true
                }
                for slot in descriptionDocs[t] where grades[Int(slot)] > description {
                    grades[Int(slot)] = description
                    any = true
                }
            }
            eachMatch(of: word) { t, kind in mark(t, name: UInt8(kind.rawValue), description: UInt8(3 + kind.rawValue)) }
            guard split, !word.isInitials, word.letters.count >= 4 else { return }
            var firstGrade: [UInt8] = []
            for cut in 2...(word.letters.count - 2) {
                guard let first = termOf[TermKey(letters: Array(word.letters[..<cut]))],
                    let second = termOf[TermKey(letters: Array(word.letters[cut...]))]
                else { continue }
                // The first half's grade in each slot, then in the slots holding the second half the worse of the two.
                if firstGrade.isEmpty { firstGrade = [UInt8](repeating: .max, count: ids.count) }
                for slot in descriptionDocs[Int(first)] { firstGrade[Int(slot)] = 3 }
                for slot in nameDocs[Int(first)] { firstGrade[Int(slot)] = 0 }
                for (docs, grade) in [(descriptionDocs[Int(second)], UInt8(3)), (nameDocs[Int(second)], UInt8(0))] {
                    for slot in docs where firstGrade[Int(slot)] != .max {
                        let combined = max(firstGrade[Int(slot)], grade)
                        if grades[Int(slot)] > combined {
                            grades[Int(slot)] = combined
                            any = true
                        }
                    }
                }
                for slot in descriptionDocs[Int(first)] { firstGrade[Int(slot)] = .max }
                for slot in nameDocs[Int(first)] { firstGrade[Int(slot)] = .max }
            }
        }
        return any ? grades : nil
    }

    /// Each slot's score for `query` (255: no match), for the products `admits` lets through.
    private func scores(_ query: SearchQuery, admits: ((Int) -> Bool)?) -> [UInt8] {
        let none = UInt8.max
        var scores = [UInt8](repeating: none, count: ids.count)
        guard !query.isEmpty, liveCount > 0 else { return scores }
        let words = query.words.map { grades(for: $0, split: true) }
        let pairs = query.pairs.map { grades(for: $0, split: false) }
        let n = words.count
        let anyPair = pairs.contains { $0 != nil }
        // Without a pair every word must match alone; a word nothing matches leaves nothing.
        if !anyPair, words.contains(where: { $0 == nil }) { return scores }
        let slots = ids.count
        // Every word's grades, then every pair's, one after another: one buffer read in the pass below.
        var table = [UInt8](repeating: none, count: slots * (2 * n))
        for (i, word) in words.enumerated() { if let word { table.replaceSubrange(i * slots..<(i + 1) * slots, with: word) } }
        for (i, pair) in pairs.enumerated() {
            if let pair { table.replaceSubrange((n + i) * slots..<(n + i + 1) * slots, with: pair) }
        }
        let infinite = 1 << 20
        table.withUnsafeBufferPointer { table in
            live.withUnsafeBufferPointer { live in
                scores.withUnsafeMutableBufferPointer { scores in
                    var cost = [Int](repeating: 0, count: n + 2)
                    for slot in 0..<slots where live[slot] {
                        // The least cost of matching words i… : alone, or with the next as one word (counted
                        // for both).
                        cost[n] = 0
                        var i = n - 1
                        while i >= 0 {
                            var best = infinite
                            let alone = table[i * slots + slot]
                            if alone != none { best = Int(alone) + cost[i + 1] }
                            if anyPair, i + 1 < n {
                                let joined = table[(n + i) * slots + slot]
                                if joined != none { best = min(best, 2 * Int(joined) + cost[i + 2]) }
                            }
                            cost[i] = best
                            if best >= infinite, !anyPair { break }
                            i -= 1
                        }
                        guard i < 0, cost[0] < infinite else { continue }
                        if let admits, !admits(ids[slot]) { continue }
                        scores[slot] = UInt8(min(cost[0], 254))
                    }
                }
            }
        }
        return scores
    }

    /// One page of the products matching `query` that `admits` lets through (by id), best score first and
    /// newest first among equals, with how many there are in all.
    public func page(_ query: SearchQuery, offset: Int, limit: Int, admits: ((Int) -> Bool)? = nil)
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
    public func hits(_ query: SearchQuery, admits: ((Int) -> Bool)? = nil) -> [Hit] {
        let scores = scores(query, admits: admits)
        var hits: [Hit] = []
        for slot in 0..<ids.count where scores[slot] != .max { hits.append(Hit(id: ids[slot], score: Int(scores[slot]))) }
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
        var replaced = false
        var parts: [String] = []
        for (word, queryWord) in zip(words, query.words) {
            let typed = String(String.UnicodeScalarView(scalars[word.range]))
            if grades(for: queryWord, split: true) != nil {
                parts.append(typed)
                continue
            }
            let limit = word.letters.count >= 8 ? 3 : 2
            var best: (distance: Int, frequency: Int32, term: Int)?
            var scratch: [Int] = []
            word.letters.withUnsafeBufferPointer { query in
                pool.withUnsafeBufferPointer { pool in
                    for t in 0..<start.count where frequency[t] > 0 && abs(Int(length[t]) - query.count) <= limit {
                        let letters = UnsafeBufferPointer(rebasing: pool[Int(start[t])..<Int(start[t]) + Int(length[t])])
                        guard let distance = EditDistance.within(query, letters, limit: limit, prefix: false, scratch: &scratch)
                        else { continue }
                        if best == nil || distance < best!.distance
                            || (distance == best!.distance && frequency[t] > best!.frequency)
                        {
                            best = (distance, frequency[t], t)
                        }
                    }
                }
            }
            guard let best else { return nil }
            parts.append(shown[best.term])
            replaced = true
        }
        guard replaced else { return nil }
        let suggestion = parts.joined(separator: " ")
        return page(SearchQuery(suggestion + " "), offset: 0, limit: 1).total > 0 ? suggestion : nil
    }
}

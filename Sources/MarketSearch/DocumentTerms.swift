/// The words a product's text is found by: each word (and its English singular), and each run of words
/// joined by hyphens or apostrophes as one word too (yo-yo: yo and yoyo; USB-C: usb, c and usbc). Two words
/// written apart are found by a query that writes them together the other way round: the query's word is
/// split (`CatalogIndex`), so the index need not hold every pair.
public enum DocumentTerms {
    /// A word to index: its letters, its initial consonants, and the scalars of the text it was read from
    /// (shown by "did you mean").
    public struct Term: Sendable, Hashable {
        public var letters: [UInt32]
        public var initials: [UInt32]
        public var range: Range<Int>
    }

    /// The terms of `text`, each once.
    public static func terms(of text: String) -> [Term] {
        let words = SearchTokenizer.words(in: text)
        guard !words.isEmpty else { return [] }
        var seen = Set<[UInt32]>()
        var terms: [Term] = []
        terms.reserveCapacity(words.count + 4)
        func add(_ letters: [UInt32], _ initials: [UInt32], _ range: Range<Int>) {
            guard !letters.isEmpty, seen.insert(letters).inserted else { return }
            terms.append(Term(letters: letters, initials: initials, range: range))
        }
        var runStart = 0
        for (index, word) in words.enumerated() {
            add(word.letters, word.initials, word.range)
            if let singular = EnglishPlural.singular(word.letters) { add(singular, [], word.range) }
            if !word.joinsPrevious { runStart = index }
            if index > runStart {
                let run = words[runStart...index]
                let joined = Array(run.flatMap(\.letters).prefix(SearchTokenizer.longestWord))
                let initials = run.allSatisfy(\.isHangul) ? run.flatMap(\.initials) : []
                add(joined, initials, run.first!.range.lowerBound..<word.range.upperBound)
            }
        }
        return terms
    }
}

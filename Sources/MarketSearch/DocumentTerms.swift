/// The words a product's text is found by: each word (and its English singular), each run of words joined by
/// hyphens as one word (yo-yo: yo and yoyo), and in a name each two neighbours as one word (Tea Pot: teapot).
public struct DocumentTerms: Sendable {
    /// A word to index, with its initial consonants and the text it was read from (for "did you mean").
    public struct Term: Sendable, Hashable {
        public var letters: [UInt32]
        public var initials: [UInt32]
        public var shown: String
    }

    /// The terms of `text`, each once; `pairs`: two neighbouring words also as one.
    public static func terms(of text: String, pairs: Bool) -> [Term] {
        let words = SearchTokenizer.words(in: text)
        guard !words.isEmpty else { return [] }
        let scalars = Array(text.unicodeScalars)
        func shown(_ range: Range<Int>) -> String {
            String(String.UnicodeScalarView(scalars[range])).lowercased()
        }
        var seen = Set<[UInt32]>()
        var terms: [Term] = []
        func add(_ letters: [UInt32], _ initials: [UInt32], _ range: Range<Int>) {
            guard !letters.isEmpty, seen.insert(letters).inserted else { return }
            terms.append(Term(letters: letters, initials: initials, shown: shown(range)))
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
            if pairs, index > 0, !word.joinsPrevious {
                let previous = words[index - 1]
                let joined = Array((previous.letters + word.letters).prefix(SearchTokenizer.longestWord))
                let initials = previous.isHangul && word.isHangul ? previous.initials + word.initials : []
                add(joined, initials, previous.range.lowerBound..<word.range.upperBound)
            }
        }
        return terms
    }
}

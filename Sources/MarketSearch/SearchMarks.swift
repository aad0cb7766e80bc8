/// Which letters of a shown text a query matched, for marking them in a list: the same rules as the server's
/// search (`QueryWord`), so what is marked is what was found. A word matched exactly or with typos is marked
/// whole; a start of a word, only as far as the query went (`skateb` marks "Skateb" of Skateboard, `ㅁㄱ`
/// marks 머그 of 머그컵); words matched as one (`yoyo` in Yo-yo) are marked together.
public enum SearchMarks {
    /// The matched stretches of `text`, as offsets into its Unicode scalars, in order and not overlapping.
    public static func ranges(in text: String, for query: String) -> [Range<Int>] {
        let query = SearchQuery(query)
        guard !query.isEmpty else { return [] }
        let words = SearchTokenizer.words(in: text)
        guard !words.isEmpty else { return [] }
        let scalars = Array(text.unicodeScalars)
        let candidates = query.words + query.pairs
        var marks: [Range<Int>] = []

        func mark(_ first: Int, _ last: Int) {
            let letters = words[first...last].flatMap(\.letters)
            let initials = words[first...last].allSatisfy(\.isHangul) ? words[first...last].flatMap(\.initials) : []
            let start = words[first].range.lowerBound
            let singular = EnglishPlural.singular(letters)
            var best: Range<Int>?
            for candidate in candidates {
                // The text's word in the singular too, as the index holds it (Mugs is found by "mug ").
                let plain = candidate.match(letters, initials: initials)
                guard let kind = plain ?? singular.flatMap({ candidate.match($0) }) else { continue }
                let end: Int
                if kind == .prefix, plain != nil {
                    end = prefixEnd(of: candidate, from: start, limit: words[last].range.upperBound, in: scalars)
                } else {
                    end = words[last].range.upperBound
                }
                if best == nil || end > best!.upperBound { best = start..<end }
            }
            if let best { marks.append(best) }
        }
        for index in words.indices {
            mark(index, index)
            // Joined by a hyphen (yo-yo), or neighbours (Tea Pot): also as one word.
            if index > 0 { mark(index - 1, index) }
        }
        return merged(marks)
    }

    /// Where the part of a word a prefix match covers ends: as many syllables as the initials typed, or as many
    /// scalars as hold the query's letters.
    private static func prefixEnd(of word: QueryWord, from start: Int, limit: Int, in scalars: [Unicode.Scalar]) -> Int {
        var end = start
        var letters = 0
        while end < limit, letters < word.letters.count {
            let value = scalars[end].value
            if word.isInitials {
                if Hangul.syllables.contains(value) { letters += 1 }
            } else {
                letters += SearchTokenizer.letterCount(of: scalars[end])
            }
            end += 1
        }
        return end
    }

    private static func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = result.last, range.lowerBound <= last.upperBound {
                result[result.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }
}

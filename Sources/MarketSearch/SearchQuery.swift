/// A shopper's query as search reads it: its words (at most `maxWords`), each with its rules (`QueryWord`), and
/// each two neighbours written together (tea pot finds Teapot, yo yo finds Yo-yo).
public struct SearchQuery: Sendable, Hashable {
    /// The most words a query is read to; the rest are ignored (a query is a few words, and each costs a
    /// pass over the vocabulary).
    public static let maxWords = 8

    /// The query's words, in order.
    public let words: [QueryWord]
    /// `pairs[i]`: words i and i + 1 written as one word.
    public let pairs: [QueryWord]

    /// The query in `text`. The last word may be the start of a word unless the text ends with a space or a
    /// mark (the shopper finished it).
    public init(_ text: String) {
        let read = SearchTokenizer.words(in: text).prefix(Self.maxWords)
        let lastScalar = text.unicodeScalars.last
        let finished = lastScalar.map { !($0.properties.isAlphabetic || $0.properties.numericType != nil) } ?? true
        let count = read.count
        words = read.enumerated().map { index, word in
            QueryWord(letters: word.letters, typedSoFar: index == count - 1 && !finished)
        }
        pairs = read.indices.dropLast().map { index in
            let first = read[index], second = read[index + 1]
            return QueryWord(
                letters: Array((first.letters + second.letters).prefix(SearchTokenizer.longestWord)),
                typedSoFar: index + 1 == count - 1 && !finished)
        }
    }

    /// Whether there is nothing to look for (only marks and spaces).
    public var isEmpty: Bool { words.isEmpty }
}

import Foundation

/// One line of the relevance set (`Tests/Relevance/demo-catalog.tsv`): a query a shopper types into the demo
/// catalog and the products a person expects first (none: the query finds nothing).
public struct RelevanceCase: Sendable, CustomStringConvertible {
    /// What the line tries: plain, spacing, hyphen, order, prefix, plural, typo, choseong, jamo-typo,
    /// name-first, none.
    public var kind: String
    public var query: String
    /// The names expected as the first results, in any order among them; empty: nothing is found.
    public var expected: [String]

    public var description: String { "\(kind) \"\(query)\"" }

    /// The lines of the set.
    public static func all(file: String = #filePath) throws -> [RelevanceCase] {
        let tests = URL(fileURLWithPath: file).deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: tests.appendingPathComponent("Relevance/demo-catalog.tsv"), encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            let expected = fields.count > 2 ? fields[2].split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) } : []
            return RelevanceCase(kind: fields[0], query: fields[1], expected: expected.filter { !$0.isEmpty })
        }
    }

    /// What is wrong with `names` (the results' names, best first, and `total`) for this line, or nil.
    public func mistake(names: [String], total: Int) -> String? {
        if expected.isEmpty {
            return total == 0 ? nil : "\(self): expected nothing, found \(total): \(names.prefix(5))"
        }
        let first = names.prefix(expected.count)
        guard Set(first) == Set(expected) else {
            return "\(self): expected first \(expected), found \(names.prefix(max(5, expected.count)))"
        }
        return nil
    }
}

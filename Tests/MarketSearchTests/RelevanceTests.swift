import Foundation
import MarketDemo
import ServerTestSupport
import Testing

@testable import MarketSearch

/// The relevance set over the demo catalog, on the index alone (the servers' test runs the same set over HTTP,
/// on SQLite and PostgreSQL: `SearchEndToEndTests`).
@Suite struct RelevanceTests {
    static let catalog: (index: CatalogIndex, names: [Int: String]) = {
        var index = CatalogIndex()
        var names: [Int: String] = [:]
        for (offset, item) in DemoCatalog(directory: URL(fileURLWithPath: "/nonexistent")).items().enumerated() {
            index.upsert(id: offset + 1, name: item.name, description: item.description)
            names[offset + 1] = item.name
        }
        return (index, names)
    }()

    @Test(arguments: try RelevanceCase.all())
    func expectedFirst(_ line: RelevanceCase) {
        let (index, names) = Self.catalog
        let found = index.page(SearchQuery(line.query), offset: 0, limit: 10)
        let mistake = line.mistake(names: found.ids.map { names[$0] ?? "?" }, total: found.total)
        #expect(mistake == nil, "\(mistake ?? "")")
    }

    @Test func theSetCoversEveryKindInBothLanguages() throws {
        let lines = try RelevanceCase.all()
        #expect(lines.count >= 60)
        let kinds = Set(lines.map(\.kind))
        #expect(kinds == ["plain", "spacing", "hyphen", "order", "prefix", "plural", "typo", "choseong", "jamo-typo", "name-first", "none"])
        #expect(lines.filter { $0.query.unicodeScalars.contains { Hangul.isHangul($0.value) } }.count >= 20)
    }
}

import Foundation
import OpenMarketAPI
import Testing

@testable import MarketFeatures

@Suite("How a search was ranked, as the page says")
struct SearchRankingTests {
    @Test("a page's search object: best match, the order asked for, none (a course server), a ranking not known")
    func fromThePage() throws {
        func decoded(_ json: String) throws -> PageSearch? {
            let page = #"{"pageNo":1,"itemsPerPage":20,"totalCount":0,"pages":[]"# + json + "}"
            return try JSONDecoder().decode(ProductPage.self, from: Data(page.utf8)).search
        }
        #expect(try decoded(#","search":{"ranking":"best-match","suggestion":"teapot"}"#) == PageSearch(ranking: .bestMatch, suggestion: "teapot"))
        #expect(try decoded(#","search":{"ranking":"sort"}"#) == PageSearch(ranking: .sort))
        #expect(try decoded("") == nil)
        #expect(try decoded(#","search":{"ranking":"popularity"}"#) == PageSearch(ranking: nil), "read leniently")
        #expect(try decoded(#","search":7"#) == nil, "a search of another shape is not this extension")

        #expect(SearchRanking(PageSearch(ranking: .bestMatch)) == .bestMatch)
        #expect(SearchRanking(PageSearch(ranking: .sort)) == .sorted)
        #expect(SearchRanking(nil) == .substring)
        #expect(SearchRanking(PageSearch(ranking: nil)) == nil, "never a guess shown as a fact")
    }
}

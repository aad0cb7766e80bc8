import Mocks
import Testing

@testable import MarketFeatures

/// The browser under an exhaustive tester: each step states the whole change and every effect.
typealias BrowserTester = FeatureTester<BrowserState, BrowserEvent, BrowserEffect>

extension FeatureTester where State == BrowserState, Event == BrowserEvent, Effect == BrowserEffect {
    /// A tester of the browser from `state`, recording a test issue where a step fails.
    init(browser state: BrowserState) {
        self.init(state, reduce: { $0.handle($1) }) { message, at in
            Issue.record(
                Comment(rawValue: message),
                sourceLocation: SourceLocation(fileID: at.fileID, filePath: at.filePath, line: at.line, column: at.column))
        }
    }
}

extension CatalogState.PageLoad {
    /// Page `page` asked for under `id`: appended to the list, or replacing it (keeping `keep` selected).
    static func loading(
        _ id: Int, page: Int, search: String? = nil, replaces: Bool = false, keep: Int? = nil
    ) -> CatalogState.PageLoad {
        .loading(CatalogState.PageRequest(id: id, page: page, search: search, replaces: replaces, keepSelectedID: keep))
    }
}

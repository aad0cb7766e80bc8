import Mocks
import TerminalUI
import Testing

@testable import MarketFeatures

/// The browser under an exhaustive tester: each step states the whole change and every effect.
typealias BrowserTester = FeatureTester<BrowserState, BrowserEvent, BrowserEffect>

/// The product form under an exhaustive tester, its keys one step each.
typealias FormTester = FeatureTester<ProductFormState, KeyEvent, ProductFormState.Effect>

extension FeatureTester where State == BrowserState, Event == BrowserEvent, Effect == BrowserEffect {
    /// A tester of the browser from `state`, recording a test issue where a step fails.
    init(browser state: BrowserState) {
        self.init(state, reduce: { $0.handle($1) }, fail: recordIssue)
    }
}

extension FeatureTester where State == ProductFormState, Event == KeyEvent, Effect == ProductFormState.Effect {
    /// A tester of the form from `form`, recording a test issue where a step fails.
    init(form: ProductFormState) {
        self.init(form, reduce: { $0.handle($1) }, fail: recordIssue)
    }
}

/// Records a failed step as a test issue at the step's line.
func recordIssue(_ message: String, at: StepLocation) {
    Issue.record(
        Comment(rawValue: message),
        sourceLocation: SourceLocation(fileID: at.fileID, filePath: at.filePath, line: at.line, column: at.column))
}

extension CatalogState.PageLoad {
    /// Page `page` asked for under `id`: appended to the list, or replacing it (keeping `keep` selected).
    static func loading(
        _ id: Int, page: Int, search: String? = nil, replaces: Bool = false, keep: Int? = nil
    ) -> CatalogState.PageLoad {
        .loading(CatalogState.PageRequest(id: id, page: page, search: search, replaces: replaces, keepSelectedID: keep))
    }
}

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

extension FeatureTester where State == BrowserState, Event == BrowserEvent, Effect == BrowserEffect {
    /// Types `text` into the open form's `field`, a key a step: each character must append itself there and
    /// change nothing else.
    mutating func type(
        _ text: String, intoForm field: WritableKeyPath<ProductFormState, TextFieldEditor>,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        for character in text {
            let append: (inout BrowserState) -> Void = {
                $0.changeForm { $0[keyPath: field] = $0[keyPath: field].typed(String(character)) }
            }
            send(.keyPressed(.character(character)), effects: [], append, fileID: fileID, filePath: filePath, line: line, column: column)
        }
    }
}

extension BrowserState {
    /// Changes the open form (none open: nothing).
    mutating func changeForm(_ change: (inout ProductFormState) -> Void) {
        guard var open = form else { return }
        change(&open)
        form = open
    }
}

extension TextFieldEditor {
    /// The editor as typing `text` at its end leaves it: the same kind of field, the cursor after the text.
    func typed(_ text: String) -> TextFieldEditor { replaced(by: self.text + text) }

    /// The same kind of field holding `text`, the cursor at its end (as after Ctrl-U and typing it).
    func replaced(by text: String) -> TextFieldEditor { TextFieldEditor(text, multiline: multiline, limit: limit) }
}

extension FeatureTester where State == ProductFormState, Event == KeyEvent, Effect == ProductFormState.Effect {
    /// A tester of the form from `form`, recording a test issue where a step fails.
    init(form: ProductFormState) {
        self.init(form, reduce: { Self.taken($0.handle($1), "\($1)") }, fail: recordIssue)
    }
}

extension FeatureTester where State == ProductFormState, Event == KeyEvent, Effect == ProductFormState.Effect {
    /// The form takes one of the runtime's answers: the state must change exactly by `change`.
    mutating func receive(
        _ answer: ProductFormState.Event, effects: [ProductFormState.Effect] = [], _ change: (inout ProductFormState) -> Void = { _ in },
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        step("\(answer)", effects: effects, change, fileID: fileID, filePath: filePath, line: line, column: column) {
            Self.taken($0.receive(answer), "\(answer)")
        }
    }

    /// The effects of what the form took; every key and answer is the form's, so one it did not take fails.
    static func taken(_ outcome: Outcome<ProductFormState.Effect>, _ what: String) -> [ProductFormState.Effect] {
        guard case .handled(let effects) = outcome else {
            Issue.record("the form did not take \(what)")
            return []
        }
        return effects
    }

    /// Types `text` a character a step: each must append itself to `field` (its cursor at the end) and change
    /// nothing else but `also` (a refusal's message going, say).
    mutating func type(
        _ text: String, into field: WritableKeyPath<ProductFormState, TextFieldEditor>,
        also: (inout ProductFormState) -> Void = { _ in },
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        for character in text {
            let append: (inout ProductFormState) -> Void = {
                $0[keyPath: field] = $0[keyPath: field].typed(String(character))
                also(&$0)
            }
            send(.character(character), effects: [], append, fileID: fileID, filePath: filePath, line: line, column: column)
        }
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

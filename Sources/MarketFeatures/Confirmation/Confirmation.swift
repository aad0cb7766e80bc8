public import Localization
public import OpenMarketAPI
import TerminalUI

/// A yes/no question over the screen. "No" is chosen until the user moves to "Yes".
public struct Confirmation: Sendable, Equatable {
    /// What answering yes does.
    public enum Action: Sendable, Equatable {
        case deleteProduct(id: Int, name: String)
        /// Close the form below without saving what was typed.
        case discardChanges
        /// Change (or delete) the marked products as planned.
        case bulk(BulkPlan)
        /// Undo the last bulk change.
        case undoBulk(BulkUndo)
        /// Bring back products deleted a moment ago.
        case restore([ProductSummary])
    }

    /// What the question tells the browser.
    public enum Delegate: Sendable, Equatable {
        /// It was answered yes.
        case confirmed(Action)
    }

    public var action: Action
    public var yesFocused = false
    /// A delete the market keeps for a while, which `undoKey` brings back (else the question says it is for good).
    public var undoKey: String?

    public init(action: Action, undoKey: String? = nil) {
        self.action = action
        self.undoKey = undoKey
    }

    /// The question, for the dialog: its sentences.
    public var question: [Phrase] {
        switch action {
        case .deleteProduct(_, let name): [.deleteQuestion(name: name), undoKey.map { .deleteUndoable(key: $0) } ?? .deleteIsFinal]
        case .discardChanges: [.discardQuestion]
        case .bulk(let plan) where plan.change == .delete:
            [plan.question[0], undoKey.map { .deleteUndoable(key: $0) } ?? .deleteIsFinal] + plan.question.dropFirst()
        case .bulk(let plan): plan.question
        case .undoBulk(let undo): [.bulk(.askUndo(count: undo.steps.count, change: undo.change.spoken))]
        case .restore(let products): [.bulk(.askRestore(count: products.count, name: products.first.map(ProductText.name)))]
        }
    }

    /// y answers yes, Enter the focused answer; n, Esc and q no; ←→ Tab move between the answers.
    mutating func handle(_ key: KeyEvent, keymap: Keymap = .standard) -> Outcome<PresentationAction> {
        switch keymap.action(for: key, in: .question) {
        case .answerYes:
            return .handled([.dismiss, .delegate(.confirmation(.confirmed(action)))])
        case .answerChosen:
            return .handled(yesFocused ? [.dismiss, .delegate(.confirmation(.confirmed(action)))] : [.dismiss])
        case .answerNo:
            return .handled([.dismiss])
        case .answerSwitch:
            yesFocused.toggle()
        default:
            break
        }
        // The question must be answered: every other key waits with it.
        return .handled([])
    }
}

extension Confirmation: PresentedFeature {
    var presented: Presentation { .confirmation(self) }

    var isModal: Bool { true }
    /// The question must be answered: clicks do nothing until it is.
    mutating func handle(_ input: PresentedInput, context: PresentationContext) -> Outcome<PresentationAction> {
        guard case .key(let key) = input else { return .handled([]) }
        return handle(key, keymap: context.keymap)
    }
}

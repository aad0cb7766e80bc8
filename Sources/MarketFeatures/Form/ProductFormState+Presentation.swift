import Localization
import ImagePipeline
public import OpenMarketAPI
import TerminalUI

extension ProductFormState {
    /// What the form tells the browser.
    public enum Delegate: Sendable, Equatable {
        /// It closed: with the saved product, or cancelled.
        case closed(saved: ProductDetail?, registered: Bool)
    }

    /// What the browser does for one of the form's effects; previews are rendered in `palette`.
    func presentationAction(_ effect: Effect, palette: PaletteKind) -> PresentationAction {
        switch effect {
        case .submitUpdate(let id, let changes): .run(.updateProduct(id: id, changes: changes))
        case .submitRegistration(let product, let pictures): .run(.registerProduct(product, pictures: pictures))
        case .preparePicture(let path):
            .run(.preparePicture(path: path, preview: PreviewSize(columns: Self.previewColumns, rows: Self.previewRows), palette: palette))
        case .completePath(let prefix): .run(.completePath(prefix))
        case .close(let saved): .delegate(.form(.closed(saved: saved, registered: isRegistration)))
        case .askToDiscard: .present(.confirmation(Confirmation(action: .discardChanges)))
        }
    }

    /// The size of a picture's preview in the form.
    static let previewColumns = 10
    static let previewRows = 4
}

extension ProductFormState: PresentedFeature {
    var presented: Presentation { .form(self) }

    var coversContent: Bool { true }
    var activity: Activity? { isSubmitting ? (isRegistration ? .uploading : .saving) : nil }
    var isModal: Bool { true }

    /// The runtime's answers for the form of this mode.
    mutating func receive(_ event: PresentedEvent, context: PresentationContext) -> Outcome<PresentationAction> {
        guard case .form(let addressed, let answer) = event, addressed == mode else { return .notMine }
        return receive(answer).map { presentationAction($0, palette: context.palette) }
    }

    /// Clicks do nothing in the form (and do not reach the list below).
    mutating func handle(_ input: PresentedInput, context: PresentationContext) -> Outcome<PresentationAction> {
        guard case .key(let key) = input else { return .handled([]) }
        return handle(key, keymap: context.keymap).map { presentationAction($0, palette: context.palette) }
    }
}

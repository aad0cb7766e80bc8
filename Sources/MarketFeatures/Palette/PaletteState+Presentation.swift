import Localization
import TerminalUI

extension PaletteState: PresentedFeature {
    var presented: Presentation { .palette(self) }

    /// Every key is the palette's; the list's wait.
    var isModal: Bool { true }

    var activity: Activity? { nil }

    mutating func handle(_ input: PresentedInput, context: PresentationContext) -> Outcome<PresentationAction> {
        switch input {
        case .key(let key):
            return .handled(handle(key))
        case .mouse(let mouse):
            switch mouse.kind {
            case .wheelUp: selectedIndex = max(0, selectedIndex - 1)
            case .wheelDown: selectedIndex = max(0, min(matches.count - 1, selectedIndex + 1))
            default: break
            }
            return .handled([])
        }
    }

    func widget(_ context: RenderContext) -> any Widget { PaletteWidget(palette: self, context: context) }

    func hints(_ context: RenderContext) -> [KeyHint]? {
        [
            context.hint(context.text(.hint(.typeKey)), .toFind), context.hint("↑↓", .choose), context.hint("⏎", .runOrOpen),
            context.hint("Esc", .cancel),
        ]
    }
}

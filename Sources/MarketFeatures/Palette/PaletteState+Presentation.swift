import Localization
import OpenMarketAPI
import TerminalUI

extension PaletteState {
    /// What the palette tells the browser.
    public enum Delegate: Sendable, Equatable {
        /// Enter: an action to run or a product to open (the palette has closed).
        case chose(PaletteEntry.Target)
    }

    /// What the runtime answers the palette.
    public enum Event: Sendable, Equatable {
        /// The typing paused (of this generation).
        case searchDue(generation: Int)
        /// The market's search for the line answered.
        case searched(query: String, generation: Int, Result<ProductPage, BrowserFailure>)
    }

    /// Takes one of the runtime's answers: after a pause on a long enough line, the market is searched; what
    /// it finds joins the ranking (a failure finds nothing; the loaded products still match).
    mutating func receive(_ event: Event) -> Outcome<PresentationAction> {
        switch event {
        case .searchDue(let due):
            return .handled(searchDue(generation: due).map { [.run(.searchPalette(query: $0, generation: due))] } ?? [])
        case .searched(let query, let answered, let result):
            found((try? result.get().products) ?? [], for: query, generation: answered)
            return .handled([])
        }
    }
}

extension PaletteState: PresentedFeature {
    var presented: Presentation { .palette(self) }

    /// Every key is the palette's; the list's wait.
    var isModal: Bool { true }

    var activity: Activity? { nil }

    mutating func handle(_ input: PresentedInput, context: PresentationContext) -> Outcome<PresentationAction> {
        switch input {
        case .key(let key):
            return handle(key)
        case .mouse(let mouse):
            switch mouse.kind {
            case .wheelUp: selectedIndex = max(0, selectedIndex - 1)
            case .wheelDown: selectedIndex = max(0, min(matches.count - 1, selectedIndex + 1))
            default: break
            }
            return .handled([])
        }
    }

    /// The runtime's answers for the palette.
    mutating func receive(_ event: PresentedEvent, context: PresentationContext) -> Outcome<PresentationAction> {
        guard case .palette(let answer) = event else { return .notMine }
        return receive(answer)
    }

    func widget(_ context: RenderContext) -> any Widget { PaletteWidget(palette: self, context: context) }

    func hints(_ context: RenderContext) -> [KeyHint]? {
        [
            context.hint(context.text(.hint(.typeKey)), .toFind), context.hint("↑↓", .choose), context.hint("⏎", .runOrOpen),
            context.hint("Esc", .cancel),
        ]
    }
}

import TerminalUI

/// "About this market" (`a`, or the palette) over the screen: the facts (`AboutFacts`) read from the
/// browser as it is drawn; in a small window they scroll, as help does. Modal; any other key or a click
/// closes it. A feature of its own: this folder and one
/// case of `Presentation`.
public struct AboutState: Sendable, Equatable {
    /// The first row shown, where the rows do not all fit.
    public var offset = 0

    public init(offset: Int = 0) {
        self.offset = offset
    }
}

extension AboutState: PresentedFeature {
    var presented: Presentation { .about(self) }

    var isModal: Bool { true }

    /// Any key or click closes it; where its rows do not fit, ↑↓ and the page keys scroll them first.
    mutating func handle(_ input: PresentedInput, context: PresentationContext) -> Outcome<PresentationAction> {
        guard case .key(let key) = input, let facts = context.about else { return .handled([.dismiss]) }
        let most = AboutLayout(
            facts: facts, language: context.language, keymap: context.keymap, columns: context.screenColumns,
            screenRows: context.screenRows
        ).mostOffset
        guard most > 0 else { return .handled([.dismiss]) }
        guard let scrolled = BoxScroll.offset(offset, after: context.keymap.action(for: key, in: .list), most: most) else {
            return .handled([.dismiss])
        }
        offset = scrolled
        return .handled([])
    }

    func widget(_ context: RenderContext) -> any Widget {
        AboutWidget(facts: context.about, offset: offset, context: context)
    }
}

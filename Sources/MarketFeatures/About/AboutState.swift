import TerminalUI

/// "About this market" (`a`, or the palette) over the screen: the facts (`AboutFacts`) read from the
/// browser as it is drawn. Modal; any key or click closes it. A feature of its own: this folder and one
/// case of `Presentation`.
public struct AboutState: Sendable, Equatable {
    public init() {}
}

extension AboutState: PresentedFeature {
    var presented: Presentation { .about(self) }

    var isModal: Bool { true }

    mutating func handle(_ input: PresentedInput, context: PresentationContext) -> Outcome<PresentationAction> {
        .handled([.dismiss])
    }

    func widget(_ context: RenderContext) -> any Widget {
        AboutWidget(facts: context.about, context: context)
    }
}

/// The key bindings over the screen. Any key or click closes it.
public struct HelpState: Sendable, Equatable, PresentedFeature {
    public init() {}
    var isModal: Bool { true }

    mutating func handle(_ input: PresentedInput, context: PresentationContext) -> Outcome<PresentationAction> {
        .handled([.dismiss])
    }
}
